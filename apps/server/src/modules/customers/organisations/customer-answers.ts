import type { Customer } from '@kontora/contract/customers';
import type { Database } from '../../../db/database.ts';
import { customValuesOf } from '../../custom-fields/custom-fields.service.ts';
import { toCustomer } from '../customer-dto.ts';
import type { CustomerRow } from '../customers.repository.ts';
import { linksOfPeople, type NamedLink } from './customer-organisations.repository.ts';

/** Customer answers for rows of one company, each person's organisations and the custom values read in one query for all. */
export async function toCustomers(db: Database, companyId: number, rows: CustomerRow[]): Promise<Customer[]> {
  const people = rows.filter((r) => r.type === 'person').map((r) => r.id);
  const byPerson = new Map<number, NamedLink[]>();
  for (const link of people.length ? await linksOfPeople(db, companyId, people) : []) {
    const list = byPerson.get(link.person_id) ?? [];
    list.push(link);
    byPerson.set(link.person_id, list);
  }
  const custom = await customValuesOf(
    db,
    companyId,
    'customer',
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCustomer(r, byPerson.get(r.id), custom.get(r.id)));
}
