import {
  CONNECTOR_PROVIDERS,
  ConnectorCreateBody,
  type ConnectorProvider,
} from '@kontora/contract/connectors';
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText, reasonText } from '../../../../lib/server-problems.ts';
import { useCreateConnector } from '../../api/connectors.ts';

const FIELDS = ['provider', 'token', 'base_url'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/** The connector's own reasons (`token_refused`, `private_address`…) first, then the shared ones. */
export function connectorReason(t: TFunction, code: string | undefined): string | undefined {
  const key = `connectors.reasons.${code}`;
  return code && i18next.exists(key) ? (t as unknown as (k: string) => string)(key) : reasonText(t, code);
}

/** "Connect": provider, token and an optional base URL; the server tests the token before it saves anything. */
export function ConnectorDialog({
  companyId,
  open,
  onClose,
}: {
  companyId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('connectors.form.title')}>
      {open && <ConnectorForm companyId={companyId} onClose={onClose} />}
    </Modal>
  );
}

function ConnectorForm({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateConnector(companyId);
  const [provider, setProvider] = useState<ConnectorProvider>('hubspot');
  const [token, setToken] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // One connection per click: a second submit while the first is sent is ignored.
  const attempt = useCreateAttempt();
  const busy = attempt.busy;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const body = { provider, token, ...(baseUrl.trim() ? { base_url: baseUrl } : {}) };
    const parsed = ConnectorCreateBody.safeParse(body);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= connectorReason(t, issue.message) ?? t('validation.invalid');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (!(await attempt.create(create.mutateAsync, body))) return;
      notify('success', t('connectors.connected'));
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        const found: FieldErrors = {};
        for (const [path, codes] of Object.entries(error.details)) {
          const field = path.split('.')[0] as Field;
          if (FIELDS.includes(field)) found[field] ??= connectorReason(t, codes[0]);
        }
        setErrors(found);
      }
      setAlert(problemText(t, error, FIELDS));
    }
  };

  const invalid = (field: Field) => (errors[field] ? ' is-invalid' : '');
  const described = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] && (
      <div className="invalid-feedback" id={`${id}-${field}-error`}>
        {errors[field]}
      </div>
    );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="modal-body">
        {alert && <FormAlert kind="danger">{alert}</FormAlert>}
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-provider`}>
            {t('connectors.form.provider')}
          </label>
          <select
            id={`${id}-provider`}
            className={`form-select${invalid('provider')}`}
            value={provider}
            aria-invalid={errors.provider ? true : undefined}
            aria-describedby={described('provider')}
            onChange={(e) => setProvider(e.target.value as ConnectorProvider)}
          >
            {CONNECTOR_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`connectors.providers.${p}`)}
              </option>
            ))}
          </select>
          {fieldError('provider')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-token`}>
            {t(`connectors.form.token.${provider}`)}
          </label>
          <input
            id={`${id}-token`}
            className={`form-control${invalid('token')}`}
            type="password"
            autoComplete="off"
            value={token}
            aria-invalid={errors.token ? true : undefined}
            aria-describedby={described('token', `${id}-token-hint`)}
            onChange={(e) => setToken(e.target.value)}
          />
          {fieldError('token')}
          <div className="form-text" id={`${id}-token-hint`}>
            {t('connectors.form.tokenHint')}
          </div>
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-base-url`}>
            {t('connectors.form.baseUrl')}
          </label>
          <input
            id={`${id}-base-url`}
            className={`form-control${invalid('base_url')}`}
            type="url"
            inputMode="url"
            value={baseUrl}
            placeholder={provider === 'hubspot' ? 'https://api.hubapi.com' : 'https://api.pipedrive.com'}
            aria-invalid={errors.base_url ? true : undefined}
            aria-describedby={described('base_url', `${id}-base-url-hint`)}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
          {fieldError('base_url')}
          <div className="form-text" id={`${id}-base-url-hint`}>
            {t('connectors.form.baseUrlHint')}
          </div>
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('connectors.form.testing') : t('connectors.form.connect')}
        </button>
      </div>
    </form>
  );
}
