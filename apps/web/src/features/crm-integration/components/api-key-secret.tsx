import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The new key, shown this once (the server keeps only its hash): a read-only
 * field that selects itself, a copy button and a warning.
 */
export function ApiKeySecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard permission: the text is selected, so the person can copy it by hand.
      inputRef.current?.select();
    }
  };

  return (
    <>
      <div className="modal-body">
        <div className="alert alert-warning" role="alert">
          {t('apiKeys.secret.warning')}
        </div>
        <label htmlFor={inputId} className="form-label">
          {t('apiKeys.secret.label')}
        </label>
        <div className="input-group">
          <input
            ref={inputRef}
            id={inputId}
            className="form-control font-monospace"
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="btn btn-outline-secondary" onClick={copy}>
            {copied ? t('apiKeys.secret.copied') : t('apiKeys.secret.copy')}
          </button>
        </div>
        <span className="visually-hidden" role="status">
          {copied ? t('apiKeys.secret.copied') : ''}
        </span>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('apiKeys.secret.done')}
        </button>
      </div>
    </>
  );
}
