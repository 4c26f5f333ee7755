import type { DuplicateRule } from '@kontora/contract/customer-duplicates';
import type { Database } from '../../../db/database.ts';
import { hiddenImports, visibleCondition } from '../customer-visibility.ts';

/** The columns a duplicate warning, a group and a merge chooser show. */
const LISTED = ['id', 'name', 'email', 'phone', 'oib', 'address', 'status', 'version', 'updated_at'] as const;

export type ListedCustomer = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  oib: string | null;
  address: string | null;
  status: 'lead' | 'prospect' | 'customer' | 'inactive';
  version: number;
  updated_at: string;
};

/** The stored column each rule compares (each with an index led by company_id, partial on a value). */
export const RULE_COLUMN = {
  oib: 'oib',
  email: 'email',
  phone: 'phone_key',
  name: 'name_key',
} as const satisfies Record<DuplicateRule, string>;

/**
 * Customers whose key equals `value`, lowest ids first. The name rule also wants the same
 * town when both have one (`town`); a customer without an address matches any town.
 */
export async function findByKey(
  db: Database,
  companyId: number,
  rule: DuplicateRule,
  value: string,
  options: { town?: string | null; excludeId?: number | undefined; limit: number },
): Promise<ListedCustomer[]> {
  const hidden = await hiddenImports(db, companyId);
  let query = db
    .selectFrom('customers')
    .select(LISTED)
    .where('company_id', '=', companyId)
    .where(RULE_COLUMN[rule], '=', value);
  if (hidden.length) query = query.where(visibleCondition(null, hidden));
  if (rule === 'name' && options.town) {
    const town = options.town;
    query = query.where((eb) => eb.or([eb('town_key', '=', town), eb('town_key', 'is', null)]));
  }
  if (options.excludeId !== undefined) query = query.where('id', '<>', options.excludeId);
  return query.orderBy('id').limit(options.limit).execute() as Promise<ListedCustomer[]>;
}

/** The listed columns of the given ids that are customers of the company. */
export async function findListed(db: Database, companyId: number, ids: number[]): Promise<ListedCustomer[]> {
  const out: ListedCustomer[] = [];
  const hidden = await hiddenImports(db, companyId);
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000);
    out.push(
      ...((await db
        .selectFrom('customers')
        .select(LISTED)
        .where('company_id', '=', companyId)
        .where('id', 'in', slice)
        .$if(hidden.length > 0, (q) => q.where(visibleCondition(null, hidden)))
        .execute()) as ListedCustomer[]),
    );
  }
  return out;
}
