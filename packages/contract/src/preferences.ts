import { z } from 'zod';
import { PREFERENCE_VALUES } from './preference-values.ts';

export { DEFAULT_PREFERENCES, normalizePreferences } from './preference-values.ts';

/** Layout and theme preferences (docs/product.md §3), stored per person on the server. */
const PreferenceFields = z.object({
  layout: z.enum(PREFERENCE_VALUES.layout),
  width: z.enum(PREFERENCE_VALUES.width),
  sidebar: z.enum(PREFERENCE_VALUES.sidebar),
  theme: z.enum(PREFERENCE_VALUES.theme),
  topbar: z.enum(PREFERENCE_VALUES.topbar),
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
