import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** `.modal-body` and `.modal-footer` (inside a form when the dialog is one). */
  children: ReactNode;
  size?: 'md' | 'lg';
  /** `alertdialog` for confirmations; its description is the element with this id. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** While busy, Escape and the backdrop do not close the dialog. */
  busy?: boolean;
};

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the
 * page behind inert, closes on Escape and gives focus back to the opener.
 * A click on the backdrop closes it too. Content renders only while open.
 */
export function Modal({ open, onClose, title, children, size = 'md', role, describedBy, busy }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser would focus the close button: start on the element the dialog names, else its first field.
      const start =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>('.modal-body :is(input, select, textarea):not([disabled])');
      start?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const requestClose = () => {
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`kt-modal ${size === 'lg' ? 'kt-modal-lg' : ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) requestClose();
      }}
      onKeyDown={() => {}}
    >
      {open && (
        <div className="modal-content">
          <div className="modal-header">
            <h2 className="modal-title h5" id={titleId}>
              {title}
            </h2>
            <button
              type="button"
              className="btn btn-icon ms-auto"
              aria-label={t('common.close')}
              onClick={requestClose}
            >
              <Icon name="close" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
