import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { EmptyState } from './empty-state.tsx';
import type { IconName } from './icon.tsx';
import { PageHeader } from './page-header.tsx';

/** Placeholder of a screen that a later release fills in (module screens, admin screens). */
export function ComingSoon({
  title,
  icon,
  description,
}: {
  title: string;
  icon: IconName;
  description: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={icon} title={t('comingSoon.title')}>
        <p className="mb-1">{description}</p>
        <p className="mb-0">{t('comingSoon.text')}</p>
      </EmptyState>
    </>
  );
}

/** A company route whose module the current company lacks (docs/product.md §2). */
export function ModuleNotEnabled() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('moduleNotEnabled.title')} />
      <EmptyState
        icon="lock"
        actions={
          <>
            <Link className="btn btn-primary" to={paths.home.href()}>
              {t('moduleNotEnabled.home')}
            </Link>
            <Link className="btn btn-outline-secondary" to={paths.chooseCompany.href()}>
              {t('menu.changeCompany')}
            </Link>
          </>
        }
      >
        <p className="mb-0">{t('moduleNotEnabled.text')}</p>
      </EmptyState>
    </>
  );
}

/** A member's visit to a superuser-only route. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('forbidden.title')} />
      <EmptyState
        icon="lock"
        actions={
          <Link className="btn btn-primary" to={paths.home.href()}>
            {t('forbidden.home')}
          </Link>
        }
      >
        <p className="mb-0">{t('forbidden.text')}</p>
      </EmptyState>
    </>
  );
}

/**
 * An address no route knows, or a record that does not exist. Rendered inside the
 * app's layout (the screen's own or, for an unknown address, the router's), so it
 * brings no <main> of its own; the page heading is its only title.
 */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <EmptyState
        icon="alert"
        actions={
          <Link className="btn btn-primary" to={paths.home.href()}>
            {t('notFound.home')}
          </Link>
        }
      >
        <p className="mb-0">{t('notFound.text')}</p>
      </EmptyState>
    </>
  );
}
