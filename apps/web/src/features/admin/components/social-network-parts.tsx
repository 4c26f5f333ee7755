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

/** The server's variables for a network: required or optional, and whether set (a secret's value never). */
export function VariablesTable({ variables }: { variables: SocialSetupVariable[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <thead>
          <tr>
            <th scope="col">{t('socialSetup.variable')}</th>
            <th scope="col">{t('socialSetup.needed')}</th>
            <th scope="col">{t('socialSetup.now')}</th>
          </tr>
        </thead>
        <tbody>
          {variables.map((variable) => (
            <tr key={variable.name}>
              <td>
                <code>{variable.name}</code>
              </td>
              <td>{variable.required ? t('socialSetup.required') : t('socialSetup.optional')}</td>
              <td className="text-break">
                {variable.value !== null ? (
                  <>
                    <code>{variable.value}</code>{' '}
                    <span className="text-body-secondary small">
                      {variable.set ? t('socialSetup.changed') : t('socialSetup.networkDefault')}
                    </span>
                  </>
                ) : variable.set ? (
                  <span className="text-success-emphasis">{t('socialSetup.isSet')}</span>
                ) : (
                  <span className="text-danger-emphasis">{t('socialSetup.isNotSet')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
