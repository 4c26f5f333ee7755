import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A form-level message (failure or success). It takes focus when it appears so
 * that keyboard and screen-reader users land on what happened.
 */
export function FormAlert({ kind, children }: { kind: 'danger' | 'success' | 'info'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={kind === 'danger' ? 'alert' : 'status'}
      className={`alert alert-${kind}`}
    >
      {children}
    </div>
  );
}

export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="btn btn-primary w-100" disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
