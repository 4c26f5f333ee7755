import type { SocialIntegrationType } from '@kontora/contract/helpers';
import { textLength } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import { codeText } from './code-text.ts';

/** Per chosen network: its live counter (counted its way) and the rules the post breaks there, as you type. */
export function NetworkChecks({
  networks,
  text,
  overrides,
  problems,
}: {
  networks: SocialIntegrationType[];
  text: string;
  overrides: Partial<Record<string, string>>;
  problems: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  if (networks.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-column gap-1 mb-0" aria-label={t('social.composer.checks')}>
      {networks.map((network) => {
        const used = textLength(network.key, overrides[network.key] ?? text);
        const codes = problems[`networks.${network.key}`] ?? [];
        return (
          <li key={network.key} data-network={network.key}>
            <span className={`badge ${used > network.text_limit ? 'text-bg-danger' : 'text-bg-light'}`}>
              {network.name}: {t('social.composer.counter', { used, limit: network.text_limit })}
            </span>
            {codes.map((code) => (
              <span key={code} className="text-danger small ms-2" role="alert">
                {codeText(t, `social.problems.${code}`, {
                  network: network.name,
                  limit: network.text_limit,
                  max: network.max_media,
                })}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
