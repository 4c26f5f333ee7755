import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/status-pages.tsx';

export function CrmDashboardScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu.crmDashboard')} icon="chart" description={t('placeholders.crm')} />;
}
