import { useTranslation } from 'react-i18next';
import { SubmitButton } from './submit-button.tsx';

type ModalFormFooterProps = {
  /** The submit button's text. */
  submitLabel: string;
  onCancel: () => void;
  busy: boolean;
  /** `danger` for a destructive submit. */
  variant?: 'primary' | 'danger';
  disabled?: boolean;
};

/** A dialog form's footer: Cancel, and the submit button that shows a spinner while the form is sent. */
export function ModalFormFooter({
  submitLabel,
  onCancel,
  busy,
  variant = 'primary',
  disabled,
}: ModalFormFooterProps) {
  const { t } = useTranslation();
  return (
    <div className="modal-footer">
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy}>
        {t('admin.common.cancel')}
      </button>
      <SubmitButton className={`btn btn-${variant}`} busy={busy} disabled={disabled}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
