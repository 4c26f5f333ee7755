import type { SocialNetwork } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { NotFound } from '../../../components/status-pages.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useCheckSocialNetwork, useSocialNetworkSetups } from '../api/social-networks-api.ts';
import { CheckResult, ConfiguredBadge, VariablesList } from './social-network-parts.tsx';

/**
 * Setting up one network (superusers, `#/admin/social/<type>`): the redirect address to
 * register with the network, the variables to set on the server, and a check of the credentials.
 */
export function SocialNetworkScreen() {
  const { t } = useTranslation();
  const type = useParams().type as SocialNetwork;
  const setups = useSocialNetworkSetups();
  const check = useCheckSocialNetwork(type);
  if (setups.isError) return <LoadError error={setups.error} onRetry={() => void setups.refetch()} />;
  if (setups.isPending) return <PageSpinner />;
  const network = setups.data.items.find((item) => item.type === type);
  if (!network) return <NotFound />;
  const { name } = network;
  return (
    <>
      <nav aria-label={t('admin.common.breadcrumb')}>
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={paths.admin.socialNetworks.href()}>{t('socialSetup.title')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {name}
          </li>
        </ol>
      </nav>
      <PageHeader title={t('socialSetup.pageTitle', { network: name })}>
        <ConfiguredBadge configured={network.configured} />
      </PageHeader>
      <div className="d-flex flex-column gap-3">
        <section className="card kt-card">
          <div className="card-body">
            <h2 className="h6">{t('socialSetup.registerTitle', { network: name })}</h2>
            <p className="text-body-secondary">{t('socialSetup.registerText', { network: name })}</p>
            <label className="form-label" htmlFor="social-redirect-uri">
              {t('socialSetup.redirectUri')}
            </label>
            <input
              id="social-redirect-uri"
              className="form-control font-monospace"
              readOnly
              value={network.redirect_uri}
              onFocus={(event) => event.currentTarget.select()}
            />
            <p className="form-text mb-0">{t('socialSetup.redirectHint')}</p>
          </div>
        </section>
        <section className="card kt-card">
          <div className="card-body">
            <h2 className="h6">{t('socialSetup.variablesTitle')}</h2>
            <p className="text-body-secondary">{t('socialSetup.variablesText')}</p>
            <VariablesList variables={network.variables} />
          </div>
        </section>
        <section className="card kt-card">
          <div className="card-body">
            <h2 className="h6">{t('socialSetup.checkTitle')}</h2>
            <p className="text-body-secondary">
              {network.check === 'credentials'
                ? t('socialSetup.checkCredentials', { network: name })
                : t('socialSetup.checkPresence', { network: name })}
            </p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={check.isPending}
              onClick={() => check.mutate()}
            >
              {t('socialSetup.check')}
            </button>
            {check.data ? <CheckResult result={check.data} name={name} /> : null}
            {check.error ? (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {errorMessage(t, check.error)}
              </div>
            ) : null}
          </div>
        </section>
      </div>
    </>
  );
}
