import { parentPort } from 'node:worker_threads';
import { derivedColumns } from '../customer-derived-columns.ts';
import type { EditableCustomer } from '../customer-dto.ts';

/** The thread of derived-columns-thread.ts: each message a batch of customers, each answer their columns. */
parentPort?.on('message', ({ id, customers }: { id: number; customers: EditableCustomer[] }) => {
  parentPort?.postMessage({ id, columns: customers.map(derivedColumns) });
});
