import type { SocialNetworkCheck, SocialSetupVariable } from '@kontora/contract/social-setup';
import { useTranslation } from 'react-i18next';

export function ConfiguredBadge({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  return configured ? (
    <span className="badge text-bg-success">{t('socialSetup.configured')}</span>
  ) : (
    <span className="badge text-bg-secondary">{t('socialSetup.notConfigured')}</span>
  );
}

/**
 * The server's variables for a network: required or optional, and whether set (a secret's value
 * never). A list rather than a table, so long names and addresses wrap whole on a phone.
 */
export function VariablesList({ variables }: { variables: SocialSetupVariable[] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-group" aria-label={t('socialSetup.variablesTitle')}>
      {variables.map((variable) => (
        <li key={variable.name} className="list-group-item">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <code className="text-break">{variable.name}</code>
            <span className="small text-body-secondary">
              {variable.required ? t('socialSetup.required') : t('socialSetup.optional')}
            </span>
          </div>
          <div className="small text-break mt-1">
            {variable.value !== null ? (
              <>
                <code>{variable.value}</code>{' '}
                <span className="text-body-secondary">
                  {variable.set ? t('socialSetup.changed') : t('socialSetup.networkDefault')}
                </span>
              </>
            ) : variable.set ? (
              <span className="text-success-emphasis">{t('socialSetup.isSet')}</span>
            ) : (
              <span className="text-danger-emphasis">{t('socialSetup.isNotSet')}</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

const OK_OUTCOMES = new Set<SocialNetworkCheck['outcome']>(['ok', 'present']);

/** What a check found, in our words with the network's status where it answered. */
export function CheckResult({ result, name }: { result: SocialNetworkCheck; name: string }) {
  const { t } = useTranslation();
  const kind = OK_OUTCOMES.has(result.outcome) ? 'success' : 'warning';
  return (
    <div className={`alert alert-${kind} mt-3 mb-0`} role="status">
      {t(`socialSetup.outcome.${result.outcome}`, { network: name })}
      {result.http_status !== null ? (
        <span className="d-block small">{t('socialSetup.httpStatus', { status: result.http_status })}</span>
      ) : null}
    </div>
  );
}
