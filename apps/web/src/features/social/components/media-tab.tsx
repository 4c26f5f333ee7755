import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';

/** The media library's place; its screen comes with the media library work (issue 15 item 3). */
export function MediaTab() {
  const { t } = useTranslation();
  return (
    <EmptyState icon="box" title={t('social.media.title')}>
      {t('social.media.placeholder')}
    </EmptyState>
  );
}
