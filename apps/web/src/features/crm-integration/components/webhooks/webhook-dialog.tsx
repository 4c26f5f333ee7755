import type { ChangeType } from '@kontora/contract/change-feed';
import { type Webhook, WebhookCreateBody, type WebhookWithSecret } from '@kontora/contract/webhooks';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText, reasonText } from '../../../../lib/server-problems.ts';
import { useCreateWebhook } from '../../api/create-webhook.ts';
import { useUpdateWebhook } from '../../api/update-webhook.ts';
import { WebhookEventTypes } from './webhook-event-types.tsx';

const FIELDS = ['url', 'description', 'event_types'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/** Add or edit an endpoint: URL, description, event types, on/off. A new endpoint's secret goes to `onCreated`. */
export function WebhookDialog({
  companyId,
  webhook,
  open,
  onClose,
  onCreated,
}: {
  companyId: number;
  /** null: a new endpoint. */
  webhook: Webhook | null;
  open: boolean;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={webhook ? t('webhooks.form.editTitle') : t('webhooks.form.createTitle')}
    >
      {open && (
        <WebhookForm companyId={companyId} webhook={webhook} onClose={onClose} onCreated={onCreated} />
      )}
    </Modal>
  );
}

function WebhookForm({
  companyId,
  webhook,
  onClose,
  onCreated,
}: {
  companyId: number;
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateWebhook(companyId);
  const update = useUpdateWebhook(companyId);
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [types, setTypes] = useState<ChangeType[]>(
    webhook?.event_types ?? ['customer.created', 'customer.updated'],
  );
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // One endpoint per click: a second submit while the first is sent is ignored.
  const attempt = useCreateAttempt();
  const busy = attempt.busy;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const body = { url, description, event_types: types, enabled };
    const parsed = WebhookCreateBody.safeParse(body);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= reasonText(t, issue.message) ?? t('validation.invalid');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (webhook) {
        const saved = await attempt.send(body, () =>
          update.mutateAsync({ id: webhook.id, body: { ...body, description: description || null } }),
        );
        if (!saved) return;
        notify('success', t('webhooks.saved'));
        onClose();
      } else {
        const created = await attempt.create(create.mutateAsync, body);
        if (created) onCreated(created);
      }
    } catch (error) {
      if (isApiError(error)) {
        const found: FieldErrors = {};
        for (const [path, codes] of Object.entries(error.details)) {
          const field = path.split('.')[0] as Field;
          if (FIELDS.includes(field)) found[field] ??= reasonText(t, codes[0]);
        }
        setErrors(found);
      }
      setAlert(problemText(t, error, FIELDS));
    }
  };

  const invalid = (field: Field) => (errors[field] ? ' is-invalid' : '');
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="modal-body">
        {alert && <FormAlert kind="danger">{alert}</FormAlert>}
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-url`}>
            {t('webhooks.form.url')}
          </label>
          <input
            id={`${id}-url`}
            className={`form-control${invalid('url')}`}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://example.com/webhooks/kontora"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={`${id}-url-hint${errors.url ? ` ${id}-url-error` : ''}`}
            onChange={(e) => setUrl(e.target.value)}
          />
          {errors.url && (
            <div className="invalid-feedback" id={`${id}-url-error`}>
              {errors.url}
            </div>
          )}
          <div className="form-text" id={`${id}-url-hint`}>
            {t('webhooks.form.urlHint')}
          </div>
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-description`}>
            {t('webhooks.form.description')}
          </label>
          <input
            id={`${id}-description`}
            className={`form-control${invalid('description')}`}
            value={description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
            onChange={(e) => setDescription(e.target.value)}
          />
          {errors.description && (
            <div className="invalid-feedback" id={`${id}-description-error`}>
              {errors.description}
            </div>
          )}
        </div>
        <div className="mb-3">
          <WebhookEventTypes value={types} onChange={setTypes} error={errors.event_types} disabled={busy} />
        </div>
        <div className="form-check form-switch">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={enabled}
            id={`${id}-enabled`}
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-enabled`}>
            {t('webhooks.form.enabled')}
          </label>
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {webhook ? t('common.save') : t('webhooks.form.create')}
        </button>
      </div>
    </form>
  );
}
