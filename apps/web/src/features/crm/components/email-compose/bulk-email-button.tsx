import { EMAIL_SEND_LIMITS } from '@kontora/contract/email-sending';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailComposeDialog } from './email-compose-dialog.tsx';

/** "Email" for the customers ticked in the list: one message each, up to 50. */
export function BulkEmailButton({ companyId, ids }: { companyId: number; ids: readonly number[] | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A whole filter, or more than one send takes, is not offered.
  if (!ids || ids.length === 0 || ids.length > EMAIL_SEND_LIMITS.recipientsMax) return null;
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setOpen(true)}>
        {t('crm.emailCompose.open')}
      </button>
      <EmailComposeDialog
        open={open}
        onClose={() => setOpen(false)}
        companyId={companyId}
        target={{ label: t('crm.emailCompose.selected', { count: ids.length }), customerIds: [...ids] }}
      />
    </>
  );
}
