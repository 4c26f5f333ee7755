import { type ReactNode, useDeferredValue } from 'react';

/**
 * Content below a screen's first view, drawn in a render of its own right after the one that
 * mounts it. A query's answer renders synchronously in one task (TanStack Query updates through
 * `useSyncExternalStore`, which React never splits); a page that mounted all its cards there
 * built them, and started their own queries, in one long task of a phone's first load. Here the
 * first commit draws what the top of the page needs and the rest comes as a deferred value's
 * render, which yields to the browser every few milliseconds
 * (docs/decisions/099-answers-drawn-in-short-tasks.md). Nothing is drawn in its place:
 * put it below what shows at once, so it pushes nothing down when it appears.
 */
export function DrawnLater({ children }: { children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn ? children : null;
}
