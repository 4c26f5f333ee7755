import { RECONNECT_NOTICE_MS } from '@kontora/contract/social-posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useCanManageCompany } from '../../../lib/use-can-manage-company.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useConnectAccount } from '../api/connect-account.ts';
import { useDisconnectAccount } from '../api/disconnect-account.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { useIntegrationTypes } from '../api/get-integration-types.ts';
import { codeText } from './code-text.ts';
import { ConnectNetworks } from './connect-networks.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Whether a connection's stated end is within the notice period (its owners were mailed too). */
const endsSoon = (reconnectBy: string | null) =>
  reconnectBy !== null && Date.parse(reconnectBy) - Date.now() < RECONNECT_NOTICE_MS;

/** Connected accounts, a connect button per configured network, disconnect; the OAuth callback lands here with its outcome. */
export function AccountsTab() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const accounts = useAccounts(companyId);
  const types = useIntegrationTypes();
  const canManage = useCanManageCompany(companyId);
  const connect = useConnectAccount(companyId);
  const disconnect = useDisconnectAccount(companyId);
  const format = useFormatters();
  const [search] = useSearchParams();
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const connected = search.get('connected');
  const failed = search.get('error');
  const items = accounts.data?.items ?? [];
  return (
    <div className="d-flex flex-column gap-3">
      {connected ? (
        <div className="alert alert-success" role="status">
          {t('social.accounts.connected', { count: Number(connected) })}
        </div>
      ) : null}
      {failed ? (
        <div className="alert alert-danger" role="alert">
          {codeText(t, `social.accounts.outcome.${failed}`, {}, 'social.accounts.outcome.rejected')}
        </div>
      ) : null}
      {connect.error ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(t, connect.error)}
        </div>
      ) : null}
      <section className="card kt-card">
        <div className="card-body">
          <h2 className="h6">{t('social.accounts.connectTitle')}</h2>
          <ConnectNetworks
            companyId={companyId}
            types={types.data ?? []}
            canConnect={canManage}
            busy={connect.isPending}
            onConnect={(type) => connect.mutate(type)}
          />
        </div>
      </section>
      <ListStates
        query={accounts}
        isEmpty={items.length === 0}
        icon="share"
        emptyTitle={t('social.accounts.empty')}
      >
        <ul className="list-group" aria-label={t('social.tabs.accounts')}>
          {items.map((account) => (
            <li key={account.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <strong>{account.name}</strong>
              {account.handle ? <span className="text-body-secondary">@{account.handle}</span> : null}
              <span className="badge text-bg-light">
                {types.data?.find((n) => n.key === account.type)?.name ?? account.type}
              </span>
              <StatusBadge status={account.status} />
              {account.status === 'reconnect_needed' ? (
                <span className="small text-danger">
                  {t('social.accounts.reconnectHint', {
                    reason: codeText(
                      t,
                      `social.reasons.${account.last_error ?? 'auth_expired'}`,
                      {},
                      'social.reasons.auth_expired',
                    ),
                  })}
                </span>
              ) : null}
              {account.status === 'active' && endsSoon(account.reconnect_by) ? (
                <span className="small text-warning-emphasis">
                  {t('socialNetworks.endsSoon', { date: format.date(account.reconnect_by as string) })}
                </span>
              ) : null}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger ms-auto"
                onClick={() => setRemoving({ id: account.id, name: account.name })}
              >
                {t('social.accounts.disconnect')}
              </button>
            </li>
          ))}
        </ul>
      </ListStates>
      <ConfirmDialog
        open={removing !== null}
        title={t('social.accounts.disconnectTitle')}
        confirmLabel={t('social.accounts.disconnect')}
        danger
        busy={disconnect.isPending}
        error={disconnect.error ? errorMessage(t, disconnect.error) : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && disconnect.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {t('social.accounts.disconnectText', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
