import { ComposeButton } from '../../../shared/components/email-compose/compose-button.tsx';

type EmailButtonProps = {
  companyId: number;
  customer: { id: number; name: string; email: string | null };
  dealId?: number;
};

/** "Email" on a customer's page: opens the compose dialog addressed to them. */
export function EmailButton({ companyId, customer, dealId }: EmailButtonProps) {
  if (!customer.email) return null;
  return (
    <ComposeButton
      companyId={companyId}
      className="btn btn-outline-primary"
      target={{ label: `${customer.name} <${customer.email}>`, customerIds: [customer.id] }}
      {...(dealId ? { dealId } : {})}
    />
  );
}
