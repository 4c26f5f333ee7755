import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_LIMITS,
  API_KEY_RESOURCES,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyScopes,
} from '@kontora/contract/api-keys';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { resolverOptions } from '../../../lib/form-errors.ts';
import { problemText, reasonText, setServerFieldErrors } from '../../../lib/server-problems.ts';
import { ApiKeySecret } from './api-key-secret.tsx';

const EXPIRY_DAYS = [30, 90, 180, 366] as const;
const Access = z.enum(['none', 'read', 'write']);

const KeyForm = z
  .object({
    name: z.string().trim().min(1, { error: 'required' }).max(API_KEY_LIMITS.nameMax, { error: 'too_long' }),
    customers: Access,
    events: Access,
    webhooks: Access,
    deals: Access,
    days: z.enum(EXPIRY_DAYS.map(String) as [string, ...string[]]),
    rate_limit: z
      .number({ error: 'invalid' })
      .int({ error: 'invalid' })
      .min(API_KEY_LIMITS.rateLimitMin, { error: 'invalid' })
      .max(API_KEY_LIMITS.rateLimitMax, { error: 'invalid' }),
  })
  .refine((v) => API_KEY_RESOURCES.some((r) => v[r] !== 'none'), { error: 'no_scope', path: ['customers'] });
type KeyValues = z.infer<typeof KeyForm>;

function toBody(values: KeyValues): ApiKeyCreateBody {
  const scopes: ApiKeyScopes = {};
  for (const resource of API_KEY_RESOURCES) {
    const access = values[resource];
    if (access !== 'none') scopes[resource] = access;
  }
  const days = Number(values.days);
  // The last allowed day minus a minute, so the server's "at most 366 days" holds when the request arrives.
  const expires = Date.now() + days * 86_400_000 - (days === API_KEY_LIMITS.expiryDaysMax ? 60_000 : 0);
  return {
    name: values.name,
    scopes,
    expires_at: new Date(expires).toISOString(),
    rate_limit: values.rate_limit,
  };
}

/** Creates a key (name, scopes, expiry), then shows its secret once. */
export function ApiKeyCreateDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (body: ApiKeyCreateBody) => Promise<ApiKeyCreated>;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={created ? t('apiKeys.secret.title') : t('apiKeys.create.title')}
    >
      {open &&
        (created ? (
          <ApiKeySecret secret={created.key} onDone={close} />
        ) : (
          <KeyFormBody onCreate={onCreate} onCreated={setCreated} onCancel={close} />
        ))}
    </Modal>
  );
}

function KeyFormBody({
  onCreate,
  onCreated,
  onCancel,
}: {
  onCreate: (body: ApiKeyCreateBody) => Promise<ApiKeyCreated>;
  onCreated: (key: ApiKeyCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<KeyValues>({
    resolver: zodResolver(KeyForm, resolverOptions),
    defaultValues: {
      name: '',
      customers: 'read',
      events: 'none',
      webhooks: 'none',
      deals: 'none',
      days: '90',
      rate_limit: API_KEY_LIMITS.rateLimitDefault,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const fields = ['name', 'customers', 'events', 'webhooks', 'deals', 'rate_limit'] as const;
  const accessOptions = (['none', 'read', 'write'] as const).map((value) => ({
    value,
    label: t(`apiKeys.access.${value}`),
  }));

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors('root');
    try {
      onCreated(await onCreate(toBody(values)));
    } catch (error) {
      setServerFieldErrors(error, form.setError, fields);
      const text = problemText(t, error, fields);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <TextField
          label={t('apiKeys.fields.name')}
          autoComplete="off"
          hint={t('apiKeys.create.nameHint')}
          registration={form.register('name')}
          error={reasonText(t, errors.name?.message)}
        />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('apiKeys.fields.scopes')}</legend>
          <div className="row g-2">
            {API_KEY_RESOURCES.map((resource) => (
              <div key={resource} className="col-12 col-sm-4">
                <SelectField
                  label={t(`apiKeys.resources.${resource}`)}
                  options={accessOptions}
                  registration={form.register(resource)}
                  error={reasonText(t, errors[resource]?.message)}
                  className="mb-0"
                />
              </div>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('apiKeys.fields.rateLimit')}
          type="number"
          hint={t('apiKeys.create.rateLimitHint', { max: API_KEY_LIMITS.rateLimitMax })}
          registration={form.register('rate_limit', { valueAsNumber: true })}
          error={reasonText(t, errors.rate_limit?.message)}
        />
        <SelectField
          label={t('apiKeys.fields.expiry')}
          options={EXPIRY_DAYS.map((days) => ({
            value: String(days),
            label: t('apiKeys.create.daysOption', { days }),
          }))}
          registration={form.register('days')}
          className="mb-0"
        />
      </div>
      <div className="modal-footer">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={isSubmitting}
        >
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('apiKeys.create.submit')}
        </button>
      </div>
    </form>
  );
}
