import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { MediaLibrary } from './media/media-library.tsx';

export function SocialScreen() {
  const { t } = useTranslation();
  // The media library until the posts branch brings the social screen's tabs (it becomes the Media tab).
  return (
    <>
      <PageHeader title={t('menu.social')} />
      <MediaLibrary />
    </>
  );
}
