import { z } from 'zod';

/** Layout and theme preferences (docs/product.md §3), stored per person on the server. */
const PreferenceFields = z.object({
  layout: z.enum(['vertical', 'horizontal']),
  width: z.enum(['fluid', 'boxed', 'scrollable']),
  sidebar: z.enum(['light', 'dark', 'compact', 'icon', 'colored']),
  theme: z.enum(['light', 'dark']),
  topbar: z.enum(['light', 'dark', 'colored']),
});

export const LayoutPreferences = PreferenceFields.superRefine((p, ctx) => {
  if (p.layout !== 'vertical' && (p.sidebar === 'icon' || p.sidebar === 'colored')) {
    ctx.addIssue({ code: 'custom', path: ['sidebar'], message: 'sidebar_vertical_only' });
  }
  if (p.layout !== 'horizontal' && p.topbar === 'colored') {
    ctx.addIssue({ code: 'custom', path: ['topbar'], message: 'topbar_horizontal_only' });
  }
});
export type LayoutPreferences = z.infer<typeof LayoutPreferences>;

export const DEFAULT_PREFERENCES: LayoutPreferences = {
  layout: 'vertical',
  width: 'fluid',
  sidebar: 'dark',
  theme: 'light',
  topbar: 'dark',
};

/**
 * Makes any stored or cached value a valid preference set: unknown keys dropped,
 * missing or invalid ones defaulted, and options that the layout does not allow
 * replaced by the defaults (so switching layout never leaves an impossible mix).
 */
export function normalizePreferences(value: unknown): LayoutPreferences {
  const input = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const shape = PreferenceFields.shape;
  const merged = { ...DEFAULT_PREFERENCES };
  for (const key of Object.keys(shape) as (keyof LayoutPreferences)[]) {
    const parsed = shape[key].safeParse(input[key]);
    if (parsed.success) (merged as Record<string, string>)[key] = parsed.data;
  }
  if (merged.layout !== 'vertical' && (merged.sidebar === 'icon' || merged.sidebar === 'colored')) {
    merged.sidebar = DEFAULT_PREFERENCES.sidebar;
  }
  if (merged.layout !== 'horizontal' && merged.topbar === 'colored')
    merged.topbar = DEFAULT_PREFERENCES.topbar;
  return merged;
}
