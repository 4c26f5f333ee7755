import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/status-pages.tsx';

export function CrmIntegrationScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon title={t('menu.crmIntegration')} icon="link" description={t('placeholders.crmIntegration')} />
  );
}
