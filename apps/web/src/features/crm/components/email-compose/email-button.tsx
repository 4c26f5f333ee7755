import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailComposeDialog } from './email-compose-dialog.tsx';

type EmailButtonProps = {
  companyId: number;
  customer: { id: number; name: string; email: string | null };
  dealId?: number;
};

/** "Email" on a customer's page: opens the compose dialog addressed to them. */
export function EmailButton({ companyId, customer, dealId }: EmailButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!customer.email) return null;
  return (
    <>
      <button type="button" className="btn btn-outline-primary" onClick={() => setOpen(true)}>
        {t('crm.emailCompose.open')}
      </button>
      <EmailComposeDialog
        open={open}
        onClose={() => setOpen(false)}
        companyId={companyId}
        target={{ label: `${customer.name} <${customer.email}>`, customerIds: [customer.id] }}
        {...(dealId ? { dealId } : {})}
      />
    </>
  );
}
