import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';

/**
 * Placeholder for outgoing webhooks: the webhooks branch (issue 14, item 3)
 * replaces this file with the real section, keeping its name and props.
 */
export function WebhooksSection(_props: { companyId: number; canManage: boolean }) {
  const { t } = useTranslation();
  return <EmptyState icon="link" title={t('integration.webhooks.soonTitle')} />;
}
