import type { SocialIntegrationType } from '@kontora/contract/helpers';
import type { SocialAccount } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import type { PreviewMedium } from './media-thumbnails.tsx';
import { NetworkPreview } from './network-preview.tsx';

/** The composer's preview: each chosen account as its network will show the post (the approval page's component). */
export function ComposerPreviews({
  accounts,
  networks,
  text,
  overrides,
  media,
}: {
  accounts: SocialAccount[];
  networks: SocialIntegrationType[];
  text: string;
  overrides: Partial<Record<string, string>>;
  media: PreviewMedium[];
}) {
  const { t } = useTranslation();
  if (accounts.length === 0) return null;
  return (
    <details>
      <summary>{t('socialApproval.preview.title')}</summary>
      <div className="d-flex flex-column gap-2 mt-2">
        {accounts.map((account) => (
          <NetworkPreview
            key={account.id}
            network={account.type}
            networkName={networks.find((n) => n.key === account.type)?.name ?? account.type}
            accountName={account.name}
            text={overrides[account.type] ?? text}
            media={media}
          />
        ))}
      </div>
    </details>
  );
}
