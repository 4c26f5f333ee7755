import {
  CUSTOMER_LIMITS,
  CUSTOMER_MATCH_LIMITS,
  type CustomerBulkFilterBody,
  type CustomerBulkFilterResult,
  type CustomerCount,
  type CustomerMatchQuery,
} from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import type { Actor } from '../../../lib/actor.ts';
import { detailsUnder, invalidField } from '../../../lib/errors.ts';
import { authorOfActor } from '../../../lib/record-author.ts';
import { writeCustomers } from '../customer-writes.ts';
import { customersByIds } from '../customers.service.ts';
import { customerCustomPlan } from './customer-list.service.ts';
import { countMatching, type MatchFilter, matchingCustomers } from './customer-match.repository.ts';
import { searchTerms } from './customer-search.ts';

const CAP = CUSTOMER_MATCH_LIMITS.matchCountMax;

async function toMatchFilter(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  match: CustomerMatchQuery,
): Promise<MatchFilter> {
  return {
    terms: match.q ? searchTerms(match.q) : [],
    status: match.status,
    ownerId: match.owner_id,
    tag: match.tag || undefined,
    organisationId: match.organisation_id,
    custom: await customerCustomPlan(ctx, companyId, match, undefined),
  };
}

/** How many customers match the list's filter: exact up to the cap, then "more" (never a full count). */
export async function countCustomers(
  ctx: AppContext,
  companyId: number,
  match: CustomerMatchQuery,
): Promise<CustomerCount> {
  return countMatching(ctx.db, companyId, await toMatchFilter(ctx, companyId, match), CAP);
}

/**
 * A bulk action on every customer matching the filter (own-field filters included, read as
 * the list reads them), in one transaction. More matches than the cap (for `set_custom`, the
 * 1000 a call by ids takes) are refused whole (400 `too_many` on `filter`):
 * nothing is changed half-way, and the person narrows the filter.
 */
export async function bulkCustomersByFilter(
  ctx: AppContext,
  actor: Actor,
  body: CustomerBulkFilterBody,
): Promise<CustomerBulkFilterResult> {
  // Own fields are one checked edit per customer (decision 076): as many as a call by ids takes.
  const cap = body.action === 'set_custom' ? CUSTOMER_LIMITS.bulkMax : CAP;
  return writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const filter = await detailsUnder('filter', toMatchFilter({ db: trx }, actor.companyId, body.filter));
    const found = await matchingCustomers(trx, actor.companyId, filter, cap + 1);
    if (found.length > cap) throw invalidField('filter', 'too_many');
    if (body.action === 'set_custom') {
      const customers = await customersByIds(
        trx,
        actor.companyId,
        found.map((r) => r.id),
      );
      for (const customer of customers.values()) await w.applyPatch(customer, { custom: body.custom });
    } else await w.bulk(body, found);
    return { action: body.action, matched: found.length };
  });
}
