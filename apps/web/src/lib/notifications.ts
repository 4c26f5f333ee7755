import { useSyncExternalStore } from 'react';

/** Short-lived messages shown by the app's toaster (e.g. "preferences could not be saved"). */
export type Notification = {
  id: number;
  kind: 'success' | 'danger' | 'info';
  text: string;
  /** One button in the toast (e.g. Undo); choosing it dismisses the toast. */
  action?: { label: string; run: () => void };
};

let items: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Notification[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function notify(
  kind: Notification['kind'],
  text: string,
  timeoutMs = 6000,
  action?: Notification['action'],
): number {
  const id = nextId++;
  emit([...items, { id, kind, text, ...(action ? { action } : {}) }]);
  if (timeoutMs > 0) setTimeout(() => dismiss(id), timeoutMs);
  return id;
}

export function dismiss(id: number): void {
  if (items.some((item) => item.id === id)) emit(items.filter((item) => item.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): Notification[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
