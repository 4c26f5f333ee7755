import type { LoginData } from '@kontora/contract/auth';

/** localStorage keys kept exactly as the original client named them (docs/product.md §4). */
export const STORAGE_KEYS = {
  user: 'currentLeadUser',
  company: 'currentCompany',
  initialWidth: 'initialScreenWidthInitial',
  /** Kontora's own: the theme last picked in this browser. */
  pickedTheme: 'kontoraPickedTheme',
} as const;

export type StoredUser = LoginData;
export type CurrentCompany = { id: number | null; name: string | null };

const NO_COMPANY: CurrentCompany = { id: null, name: null };

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored login answer, or null when absent or not shaped like one (e.g. edited by hand). */
export function readStoredUser(): StoredUser | null {
  const value = readJson(STORAGE_KEYS.user);
  if (!isObject(value) || typeof value.token !== 'string' || typeof value.email !== 'string') return null;
  return value as StoredUser;
}

export function writeStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** With nothing stored this gives `{id: null, name: null}`, as the original did. */
export function readCurrentCompany(): CurrentCompany {
  const value = readJson(STORAGE_KEYS.company);
  if (!isObject(value) || typeof value.id !== 'number') return NO_COMPANY;
  return { id: value.id, name: typeof value.name === 'string' ? value.name : null };
}

export function writeCurrentCompany(company: CurrentCompany): void {
  localStorage.setItem(STORAGE_KEYS.company, JSON.stringify(company));
}

/** Remembers the window width of the first load; later loads keep the first value. */
export function rememberInitialScreenWidth(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEYS.initialWidth));
  if (Number.isFinite(stored) && stored > 0) return stored;
  const width = window.innerWidth;
  localStorage.setItem(STORAGE_KEYS.initialWidth, String(width));
  return width;
}

export function readInitialScreenWidth(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEYS.initialWidth));
  return Number.isFinite(stored) && stored > 0 ? stored : window.innerWidth;
}

/**
 * Logout clears localStorage as the original did. The first-load width is a fact of
 * this window and the picked theme a choice made in this browser (the login page
 * keeps showing it), so both are kept.
 */
export function clearStorage(): void {
  const kept = [STORAGE_KEYS.initialWidth, STORAGE_KEYS.pickedTheme].map(
    (key) => [key, localStorage.getItem(key)] as const,
  );
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
