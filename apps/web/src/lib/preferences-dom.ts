import type { LayoutPreferences } from '@kontora/contract/preference-values';
import { STORAGE_KEYS } from './storage.ts';

type Theme = LayoutPreferences['theme'];
const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The system's colour setting (prefers-color-scheme). */
export const systemDarkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/**
 * The theme of a signed-out page (login, activation): the one last picked in this
 * browser, else the system's setting until someone picks one.
 * Signed in, the person's saved preferences decide.
 */
export function signedOutTheme(): Theme {
  const picked = localStorage.getItem(STORAGE_KEYS.pickedTheme);
  if (isTheme(picked)) return picked;
  return systemDarkQuery().matches ? 'dark' : 'light';
}

/** A theme picked in the settings panel: the login page shows it too from now on. */
export function rememberPickedTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEYS.pickedTheme, theme);
}

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
 * DEFAULT_PREFERENCES, except the theme (signedOutTheme). Kept free of zod so the
 * entry chunk stays small: values come from the server or from normalizePreferences,
 * and an unknown value matches no rule.
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
  if (!preferences) root.setAttribute('data-bs-theme', signedOutTheme());
  else if (!root.hasAttribute('data-bs-theme')) root.setAttribute('data-bs-theme', 'light');
}
