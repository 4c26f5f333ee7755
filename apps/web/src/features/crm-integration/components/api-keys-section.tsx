import { API_KEY_RESOURCES, type ApiKey } from '@kontora/contract/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.ts';
import { useApiKeys } from '../../shared/api/get-api-keys.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { ApiKeyCreateDialog } from './api-key-create-dialog.tsx';
import './api-keys-table.css';

/** The company's API keys: owners and admins create and revoke, members only read the list. */
export function ApiKeysSection({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const keys = useApiKeys(companyId);
  const create = useCreateApiKey(companyId);
  const revoke = useRevokeApiKey(companyId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const items = keys.data?.items ?? [];

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notify('success', t('apiKeys.revoke.done', { name: revoking.name }));
        setRevoking(null);
      },
    });
  };

  return (
    <section aria-labelledby="api-keys-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="api-keys-heading" className="h5 mb-0">
          {t('apiKeys.title')}
        </h2>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {t('apiKeys.create.open')}
          </button>
        )}
      </div>
      {!canManage && <p className="text-body-secondary small">{t('apiKeys.readOnly')}</p>}
      <ListStates
        query={keys}
        isEmpty={items.length === 0}
        icon="link"
        emptyTitle={t('apiKeys.none')}
        emptyText={t('apiKeys.noneText')}
      >
        <KeyTable items={items} canManage={canManage} onRevoke={setRevoking} />
      </ListStates>
      <ApiKeyCreateDialog open={creating} onClose={() => setCreating(false)} onCreate={create.mutateAsync} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revoke.title')}
        confirmLabel={t('apiKeys.revoke.confirm')}
        danger
        busy={revoke.isPending}
        error={revoke.error ? errorMessage(t, revoke.error) : null}
        onConfirm={confirmRevoke}
        onCancel={() => {
          revoke.reset();
          setRevoking(null);
        }}
      >
        {t('apiKeys.revoke.text', { name: revoking?.name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}

function KeyTable({
  items,
  canManage,
  onRevoke,
}: {
  items: ApiKey[];
  canManage: boolean;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const now = Date.now();
  return (
    <div className="table-responsive">
      <table className="table align-middle kt-stacked-table">
        <thead>
          <tr>
            <th scope="col">{t('apiKeys.fields.name')}</th>
            <th scope="col">{t('apiKeys.fields.key')}</th>
            <th scope="col">{t('apiKeys.fields.scopes')}</th>
            <th scope="col">{t('apiKeys.fields.createdBy')}</th>
            <th scope="col">{t('apiKeys.fields.created')}</th>
            <th scope="col">{t('apiKeys.fields.expires')}</th>
            <th scope="col">{t('apiKeys.fields.lastUsed')}</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">{t('apiKeys.fields.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((key) => (
            <tr key={key.id}>
              <th scope="row">
                {key.name}
                <div className="small fw-normal text-body-secondary">
                  {t('apiKeys.perMinute', { limit: format.number(key.rate_limit) })}
                </div>
              </th>
              <td className="font-monospace text-nowrap" data-label={t('apiKeys.fields.key')}>
                {`${key.prefix}…${key.last_four}`}
              </td>
              <td data-label={t('apiKeys.fields.scopes')}>
                {API_KEY_RESOURCES.filter((r) => key.scopes[r]).map((r) => (
                  <span key={r} className="badge text-bg-secondary me-1">
                    {t(`apiKeys.resources.${r}`)}: {t(`apiKeys.access.${key.scopes[r] ?? 'none'}`)}
                  </span>
                ))}
              </td>
              <td data-label={t('apiKeys.fields.createdBy')}>{key.created_by?.name ?? '—'}</td>
              <td className="text-nowrap" data-label={t('apiKeys.fields.created')}>
                {format.date(key.created_at)}
              </td>
              <td className="text-nowrap" data-label={t('apiKeys.fields.expires')}>
                {format.date(key.expires_at)}
                {Date.parse(key.expires_at) <= now && (
                  <span className="badge text-bg-danger ms-1">{t('apiKeys.expired')}</span>
                )}
              </td>
              <td className="text-nowrap" data-label={t('apiKeys.fields.lastUsed')}>
                {key.last_used_at ? format.dateTime(key.last_used_at) : t('apiKeys.neverUsed')}
              </td>
              {canManage && (
                <td className="text-end">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    onClick={() => onRevoke(key)}
                    aria-label={t('apiKeys.revoke.label', { name: key.name })}
                  >
                    {t('apiKeys.revoke.action')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
