import { type ReactNode, Suspense, useState } from 'react';

/**
 * Holds back a dialog (a React.lazy one) until it first opens: a screen's closed dialogs
 * (their forms, react-hook-form, zod) would otherwise download, run and render on the
 * screen's first load for nothing (docs/decisions/021-lean-css-and-first-paint.md).
 * Once opened it stays mounted, so closing works as before (the native dialog closes and
 * gives focus back to its opener). A failed download reaches the screen's error boundary.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
