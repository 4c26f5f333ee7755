import type { SocialIntegrationType } from '@kontora/contract/helpers';
import type { SocialNetwork } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useNetworkAvailability } from '../api/get-network-availability.ts';

/**
 * A Connect button for each network the deployment has an app for (members, who may not
 * connect, are told who may); the others are named as
 * not set up, with whom to ask (members cannot see who the superusers are) or, for a
 * superuser, where to set them up.
 */
export function ConnectNetworks({
  companyId,
  types,
  canConnect,
  busy,
  onConnect,
}: {
  companyId: number;
  types: SocialIntegrationType[];
  canConnect: boolean;
  busy: boolean;
  onConnect: (type: SocialNetwork) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const availability = useNetworkAvailability(companyId);
  if (availability.isError)
    return <LoadError error={availability.error} onRetry={() => void availability.refetch()} />;
  if (!availability.data) return null;
  const configured = new Set(availability.data.items.filter((n) => n.configured).map((n) => n.type));
  const ready = types.filter((type) => configured.has(type.key as SocialNetwork));
  const missing = types.filter((type) => !configured.has(type.key as SocialNetwork));
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <>
      {ready.length > 0 && !canConnect ? (
        <p className="text-body-secondary small mb-0">
          {t('socialSetup.managersConnect', { networks: names.format(ready.map((type) => type.name)) })}
        </p>
      ) : null}
      {ready.length > 0 && canConnect ? (
        <div className="d-flex flex-wrap gap-2">
          {ready.map((type) => (
            <button
              key={type.key}
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={busy}
              onClick={() => onConnect(type.key as SocialNetwork)}
            >
              {t('social.accounts.connect', { network: type.name })}
            </button>
          ))}
        </div>
      ) : null}
      {missing.length > 0 ? (
        <div className={`text-body-secondary small${ready.length > 0 ? ' mt-3' : ''}`} role="note">
          <p className="mb-1">
            {t(ready.length === 0 ? 'socialSetup.noneSetUp' : 'socialSetup.notSetUp', {
              networks: names.format(missing.map((type) => type.name)),
            })}
          </p>
          {user?.is_admin ? (
            <ul className="list-inline mb-0">
              {missing.map((type) => (
                <li key={type.key} className="list-inline-item">
                  <Link to={paths.admin.socialNetwork.href(type.key)}>
                    {t('socialSetup.setUpLink', { network: type.name })}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-0">{t('socialSetup.askAdministrator')}</p>
          )}
        </div>
      ) : null}
    </>
  );
}
