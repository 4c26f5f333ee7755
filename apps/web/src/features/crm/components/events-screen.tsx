import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/status-pages.tsx';

export function EventsScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu.customerEvents')} icon="check" description={t('placeholders.events')} />;
}
