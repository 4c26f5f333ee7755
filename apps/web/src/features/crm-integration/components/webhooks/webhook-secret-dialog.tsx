import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/modal.tsx';

/** The signing secret, shown this once after create or rotate, in a field that copies. */
export function WebhookSecretDialog({
  secret,
  rotated,
  onClose,
}: {
  secret: string | null;
  rotated: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, insecure origin): the field stays selectable by hand.
      (document.getElementById(`${id}-secret`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Modal open={secret !== null} onClose={onClose} title={t('webhooks.secret.title')}>
      <div className="modal-body">
        <div className="alert alert-warning" role="alert">
          {t('webhooks.secret.once')} {rotated && t('webhooks.secret.rotated')}
        </div>
        <label className="form-label" htmlFor={`${id}-secret`}>
          {t('webhooks.secret.label')}
        </label>
        <div className="input-group">
          <input
            id={`${id}-secret`}
            className="form-control font-monospace"
            readOnly
            value={secret ?? ''}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>
            {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
          </button>
        </div>
        <div className="form-text">{t('webhooks.secret.hint')}</div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('webhooks.secret.done')}
        </button>
      </div>
    </Modal>
  );
}
