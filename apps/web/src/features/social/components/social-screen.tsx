import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/status-pages.tsx';

export function SocialScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu.social')} icon="share" description={t('placeholders.social')} />;
}
