import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

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

/**
 * A dialog whose code loads when it first opens, with the dialog's own props: screens
 * render it as they rendered the dialog (docs/decisions/087-phone-pages-load-forms-on-use.md).
 * `load` is an `import()` of the dialog's module, so the module becomes a chunk of its own.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level (lazy-*.ts), never while rendering.
  return function LazyDialog(props: P) {
    return (
      <OnceOpened open={props.open}>
        <Dialog {...props} />
      </OnceOpened>
    );
  };
}
