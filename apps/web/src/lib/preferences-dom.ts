import type { LayoutPreferences } from '@kontora/contract/preference-values';

const ATTRIBUTES: Record<keyof LayoutPreferences, string> = {
  theme: 'data-bs-theme',
  layout: 'data-layout',
  width: 'data-layout-width',
  sidebar: 'data-sidebar',
  topbar: 'data-topbar',
};

/**
 * Layout and theme live on `<html>` as data attributes: `data-bs-theme` drives
 * Bootstrap's colour modes, the others drive app/styles/*.css. With no preferences
 * (signed out) the attributes go and the stylesheets' defaults apply, which are
 * DEFAULT_PREFERENCES. Kept free of zod so the entry chunk stays small: values come
 * from the server or from normalizePreferences, and an unknown value matches no rule.
 */
export function applyPreferences(
  preferences: Partial<Record<keyof LayoutPreferences, unknown>> | null,
): void {
  const root = document.documentElement;
  for (const [key, attribute] of Object.entries(ATTRIBUTES)) {
    const value = preferences?.[key as keyof LayoutPreferences];
    if (typeof value === 'string') root.setAttribute(attribute, value);
    else root.removeAttribute(attribute);
  }
  if (!root.hasAttribute('data-bs-theme')) root.setAttribute('data-bs-theme', 'light');
}
