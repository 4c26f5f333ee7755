import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../lib/api/get-app-config.ts';

export function useProductName(): string {
  const { t } = useTranslation();
  const config = useAppConfig();
  return config.data?.app_name || t('app.name');
}

function Logo() {
  return (
    <svg className="kt-logo" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path
        d="M10 8v16M10 16l10-8M12.5 14l8 10"
        stroke="var(--kt-logo-ink, #fff)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

/** Logo and product name, linking to `#/` (docs/product.md §3). */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const name = useProductName();
  return (
    <Link
      to={paths.home.href()}
      className="kt-brand"
      aria-label={compact ? t('layout.home', { name }) : undefined}
    >
      <Logo />
      <span className={compact ? 'visually-hidden' : 'kt-brand-name'}>{name}</span>
    </Link>
  );
}
