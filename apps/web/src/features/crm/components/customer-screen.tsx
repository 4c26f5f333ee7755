import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/status-pages.tsx';

export function CustomerScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('placeholders.customerTitle')}
      icon="user"
      description={t('placeholders.customer')}
    />
  );
}
