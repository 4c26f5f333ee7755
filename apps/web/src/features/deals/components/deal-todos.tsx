import { useTranslation } from 'react-i18next';
import { RecordTodos } from '../../shared/components/events/record-todos.tsx';

/** A deal's to-dos on its page; a new one belongs to the deal and to its organisation. */
export function DealTodos({
  dealId,
  organisation,
}: {
  dealId: number;
  organisation: { id: number; name: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <RecordTodos
      empty={{ open: t('deals.todos.noneOpen'), done: t('deals.todos.noneDone') }}
      of={{ deal_id: dealId }}
      showCustomer
      draft={{
        deal_id: dealId,
        customer_id: organisation?.id ?? null,
        customer_name: organisation?.name ?? null,
      }}
    />
  );
}
