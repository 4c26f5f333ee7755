import type { ReactNode } from 'react';

type SubmitButtonProps = {
  /** While the form is being sent: disabled, with a spinner, so one click makes one request. */
  busy: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

/** A form's submit button; with `useCreateAttempt` (lib/create-attempt.ts) for forms that create. */
export function SubmitButton({ busy, disabled, className = 'btn btn-primary', children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
