import type { Customer } from '@kontora/contract/customers';
import { ComposeButton } from '../../shared/components/email-compose/compose-button.tsx';

/**
 * "Email" on a deal's page: to its people with an address, one message each (their fields
 * merged), with the deal so `{{deal.title}}` merges too.
 */
export function DealEmailButton({
  companyId,
  dealId,
  people,
}: {
  companyId: number;
  dealId: number;
  people: readonly Customer[];
}) {
  const reachable = people.filter((person) => person.email);
  if (reachable.length === 0) return null;
  return (
    <ComposeButton
      companyId={companyId}
      className="btn btn-outline-primary"
      dealId={dealId}
      target={{
        label: reachable.map((person) => `${person.name} <${person.email}>`).join(', '),
        customerIds: reachable.map((person) => person.id),
      }}
    />
  );
}
