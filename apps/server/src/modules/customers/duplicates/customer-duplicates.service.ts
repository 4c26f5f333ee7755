import { companyLink } from '@kontora/contract/app-links';
import {
  DUPLICATE_LIMITS,
  DUPLICATE_RULES,
  type DuplicateCustomer,
  type DuplicateMatches,
  type DuplicateQuery,
  type DuplicateRule,
} from '@kontora/contract/customer-duplicates';
import type { AppContext } from '../../../context.ts';
import { findByKey, type ListedCustomer } from './customer-duplicates.repository.ts';
import { nameKey, phoneKey, townKey } from './customer-match-keys.ts';

/** The web app's page of a customer (hash route), for links in warnings. */
/** The customer's page, naming its company so the link works whatever company is current (decision 049). */
export const customerLink = (companyId: number, id: number) =>
  `/${companyLink(`/company/customer/${id}`, companyId)}`;

export const toDuplicateCustomer = (c: ListedCustomer): DuplicateCustomer => ({ ...c });

/** The values a record is compared by, normalised as the stored columns are. */
export function keysOfQuery(q: DuplicateQuery): Partial<Record<DuplicateRule, string>> {
  const email = q.email?.trim().toLowerCase();
  const oib = q.oib?.replace(/\s+/g, '').toUpperCase();
  const country = q.country?.trim().toUpperCase() || null;
  return {
    oib: oib || undefined,
    email: email || undefined,
    phone: phoneKey(q.phone, country) ?? undefined,
    name: nameKey(q.name) ?? undefined,
  };
}

/**
 * Likely duplicates of a record not saved yet: one indexed lookup per rule that
 * has a value, united, strongest rule first (OIB, email, phone, name).
 */
export async function findDuplicates(
  ctx: AppContext,
  companyId: number,
  query: DuplicateQuery,
): Promise<DuplicateMatches> {
  const keys = keysOfQuery(query);
  const town = townKey(query.address);
  const found = new Map<number, { customer: ListedCustomer; rules: DuplicateRule[] }>();
  for (const rule of DUPLICATE_RULES) {
    const value = keys[rule];
    if (!value) continue;
    const rows = await findByKey(ctx.db, companyId, rule, value, {
      town,
      excludeId: query.exclude_id,
      limit: DUPLICATE_LIMITS.matchesMax,
    });
    for (const customer of rows) {
      const entry = found.get(customer.id) ?? { customer, rules: [] };
      entry.rules.push(rule);
      found.set(customer.id, entry);
    }
  }
  const strength = (rules: DuplicateRule[]) => DUPLICATE_RULES.indexOf(rules[0] ?? 'name');
  const items = [...found.values()]
    .sort(
      (a, b) =>
        strength(a.rules) - strength(b.rules) ||
        b.rules.length - a.rules.length ||
        a.customer.id - b.customer.id,
    )
    .slice(0, DUPLICATE_LIMITS.matchesMax)
    .map(({ customer, rules }) => ({
      customer: toDuplicateCustomer(customer),
      rules,
      link: customerLink(companyId, customer.id),
    }));
  return { items };
}
