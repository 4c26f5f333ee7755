import { RecordTodos } from '../../../shared/components/events/record-todos.tsx';

/** A customer's to-dos on the customer's page, and "New to-do" for this customer. */
export function CustomerTodos({ customerId, customerName }: { customerId: number; customerName: string }) {
  return (
    <RecordTodos
      of={{ customer_id: customerId }}
      draft={{ customer_id: customerId, customer_name: customerName }}
    />
  );
}
