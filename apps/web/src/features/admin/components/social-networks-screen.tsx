import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useSocialNetworkSetups } from '../api/social-networks-api.ts';
import { ConfiguredBadge } from './social-network-parts.tsx';

/** "Social networks" (superusers): which of the six this server has an app for, each leading to its set-up. */
export function SocialNetworksScreen() {
  const { t } = useTranslation();
  const setups = useSocialNetworkSetups();
  const items = setups.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('socialSetup.title')} />
      <p className="text-body-secondary">{t('socialSetup.intro')}</p>
      <ListStates
        query={setups}
        isEmpty={items.length === 0}
        icon="share"
        emptyTitle={t('socialSetup.title')}
      >
        <ul className="list-group" aria-label={t('socialSetup.title')}>
          {items.map((network) => (
            <li key={network.type} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <Link to={paths.admin.socialNetwork.href(network.type)} className="fw-semibold">
                {network.name}
              </Link>
              <ConfiguredBadge configured={network.configured} />
            </li>
          ))}
        </ul>
      </ListStates>
    </>
  );
}
