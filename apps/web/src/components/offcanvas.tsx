import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

type OffcanvasProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  placement: 'start' | 'end';
  children: ReactNode;
  className?: string;
};

/**
 * A side panel on the native modal `<dialog>`: the browser traps focus, makes the
 * page behind inert, closes on Escape and returns focus to the opener.
 * A click on the backdrop (the dialog box itself, outside the panel) closes it too.
 */
export function Offcanvas({ open, onClose, title, placement, children, className }: OffcanvasProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`kt-offcanvas kt-offcanvas-${placement} ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={() => {}}
    >
      {open && (
        <div className="kt-offcanvas-panel">
          <div className="offcanvas-header border-bottom">
            <h2 className="offcanvas-title h5" id={titleId}>
              {title}
            </h2>
            <button type="button" className="btn btn-icon" aria-label={t('common.close')} onClick={onClose}>
              <Icon name="close" />
            </button>
          </div>
          <div className="offcanvas-body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
