import type { LoginData, SessionUser } from '@kontora/contract/auth';
import { useSyncExternalStore } from 'react';
import {
  type CurrentCompany,
  clearStorage,
  readCurrentCompany,
  readStoredUser,
  STORAGE_KEYS,
  type StoredUser,
  writeCurrentCompany,
  writeStoredUser,
} from './storage.ts';

/**
 * The browser session: the stored login answer and the current company. Kept in
 * localStorage (the contract with the original client) and mirrored here so React
 * re-renders on change, also when another tab signs in or out.
 */
export type Session = {
  user: StoredUser | null;
  company: CurrentCompany;
  /** Why the app signed out by itself (e.g. the server ended the session); shown on the login screen. */
  signedOutBecause: string | null;
};

let snapshot: Session = { user: readStoredUser(), company: readCurrentCompany(), signedOutBecause: null };
const listeners = new Set<() => void>();

function emit(next: Session): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.user || event.key === STORAGE_KEYS.company) {
      emit({ ...snapshot, user: readStoredUser(), company: readCurrentCompany() });
    }
  });
}

export function getSession(): Session {
  return snapshot;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function signIn(data: LoginData): void {
  writeStoredUser(data);
  // A new sign-in starts without a company: the person chooses one (or it is theirs only).
  localStorage.removeItem(STORAGE_KEYS.company);
  emit({ user: data, company: readCurrentCompany(), signedOutBecause: null });
}

/** Merges a fresh `GET/PATCH /api/me` answer into the stored login answer (the token stays). */
export function updateUser(user: Partial<SessionUser>): void {
  if (!snapshot.user) return;
  const next = { ...snapshot.user, ...user };
  writeStoredUser(next);
  emit({ ...snapshot, user: next });
}

export function chooseCompany(company: { id: number; name: string }): void {
  const next = { id: company.id, name: company.name };
  writeCurrentCompany(next);
  emit({ ...snapshot, company: next });
}

export function forgetCompany(): void {
  localStorage.removeItem(STORAGE_KEYS.company);
  emit({ ...snapshot, company: readCurrentCompany() });
}

/** Clears the browser session; `reason` is for a sign-out the person did not ask for. */
export function signOutLocally(reason: string | null = null): void {
  clearStorage();
  emit({ user: null, company: readCurrentCompany(), signedOutBecause: reason });
}
