import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IconName } from '../../../components/icon.tsx';
import { WidgetCard } from './widget-card.tsx';

/**
 * The widget of a module that has nothing to report yet (no accounts connected,
 * no connector set up): says so, and leads to the module, rather than showing
 * figures that do not exist.
 */
export function SetupWidget({
  icon,
  title,
  text,
  to,
}: {
  icon: IconName;
  title: string;
  text: string;
  to: string;
}) {
  const { t } = useTranslation();
  return (
    <WidgetCard
      icon={icon}
      title={title}
      footer={
        <Link to={to} className="btn btn-outline-primary btn-sm">
          {t('dashboard.open', { module: title })}
        </Link>
      }
    >
      <p className="fw-semibold mb-1">{t('dashboard.notSetUp')}</p>
      <p className="text-body-secondary mb-0">{text}</p>
    </WidgetCard>
  );
}
