import { EMAIL_SEND_LIMITS } from '@kontora/contract/email-sending';
import { useTranslation } from 'react-i18next';
import { ComposeButton } from '../../../shared/components/email-compose/compose-button.tsx';

/** "Email" for the customers ticked in the list: one message each, up to 50. */
export function BulkEmailButton({ companyId, ids }: { companyId: number; ids: readonly number[] | null }) {
  const { t } = useTranslation();
  // A whole filter, or more than one send takes, is not offered.
  if (!ids || ids.length === 0 || ids.length > EMAIL_SEND_LIMITS.recipientsMax) return null;
  return (
    <ComposeButton
      companyId={companyId}
      className="btn btn-sm btn-outline-primary"
      target={{ label: t('crm.emailCompose.selected', { count: ids.length }), customerIds: [...ids] }}
    />
  );
}
