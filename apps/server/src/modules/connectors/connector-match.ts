import type { Customer } from '@kontora/contract/customers';
import type { Database } from '../../db/database.ts';
import { customersByEmails } from '../customers/customers.service.ts';
import type { RemoteRecord } from './connector.ts';
import { linksByCustomer } from './connectors.repository.ts';

const emailKey = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : '');

/**
 * Remote records not linked yet that stand for a customer Kontora already has
 * (same email, compared without case) and that no link of this connection
 * holds: connecting a CRM that shares people with Kontora links them instead
 * of importing a second copy (and then failing to push the first, as the
 * providers refuse a second contact with one email). The oldest customer with
 * the email is the one matched; each customer is matched to one record at most.
 */
export async function matchExistingByEmail(
  trx: Database,
  companyId: number,
  connectorId: number,
  records: RemoteRecord[],
): Promise<Map<string, Customer>> {
  const matched = new Map<string, Customer>();
  const wanted = records.filter((r) => emailKey(r.fields.email) !== '');
  if (wanted.length === 0) return matched;
  const emails = [
    ...new Set(wanted.flatMap((r) => [String(r.fields.email).trim(), emailKey(r.fields.email)])),
  ];
  const rows = await customersByEmails(trx, companyId, emails);
  if (rows.length === 0) return matched;
  const linked = new Set(
    (
      await linksByCustomer(
        trx,
        companyId,
        connectorId,
        rows.map((r) => r.id),
      )
    ).map((l) => l.customer_id),
  );
  const byEmail = new Map<string, Customer>();
  for (const row of rows) {
    const key = emailKey(row.email);
    if (!linked.has(row.id) && !byEmail.has(key)) byEmail.set(key, row);
  }
  const taken = new Set<number>();
  for (const record of wanted) {
    const customer = byEmail.get(emailKey(record.fields.email));
    if (!customer || taken.has(customer.id)) continue;
    taken.add(customer.id);
    matched.set(record.id, customer);
  }
  return matched;
}
