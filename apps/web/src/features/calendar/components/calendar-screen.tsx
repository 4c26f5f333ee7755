import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/status-pages.tsx';

export function CalendarScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu.calendar')} icon="calendar" description={t('placeholders.calendar')} />;
}
