/**
 * The zod-free half of ./preferences.ts: the allowed values, the defaults and the
 * normalising. The web app's layout reads preferences on every signed-in first load;
 * importing them from here keeps zod (about 25 KB compressed, and the schemas it builds
 * as it loads) off that load (docs/decisions/021-lean-css-and-first-paint.md).
 */
export const PREFERENCE_VALUES = {
  layout: ['vertical', 'horizontal'],
  width: ['fluid', 'boxed', 'scrollable'],
  sidebar: ['light', 'dark', 'compact', 'icon', 'colored'],
  theme: ['light', 'dark'],
  topbar: ['light', 'dark', 'colored'],
} as const;

type Values = typeof PREFERENCE_VALUES;
export type LayoutPreferences = { -readonly [K in keyof Values]: Values[K][number] };

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
  const merged = { ...DEFAULT_PREFERENCES };
  for (const key of Object.keys(PREFERENCE_VALUES) as (keyof LayoutPreferences)[]) {
    const allowed: readonly unknown[] = PREFERENCE_VALUES[key];
    if (allowed.includes(input[key])) (merged as Record<string, unknown>)[key] = input[key];
  }
  if (merged.layout !== 'vertical' && (merged.sidebar === 'icon' || merged.sidebar === 'colored')) {
    merged.sidebar = DEFAULT_PREFERENCES.sidebar;
  }
  if (merged.layout !== 'horizontal' && merged.topbar === 'colored')
    merged.topbar = DEFAULT_PREFERENCES.topbar;
  return merged;
}
