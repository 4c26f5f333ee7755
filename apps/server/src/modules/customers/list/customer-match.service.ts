import {
  CUSTOMER_MATCH_LIMITS,
  type CustomerBulkFilterBody,
  type CustomerBulkFilterResult,
  type CustomerCount,
  type CustomerMatch,
} from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import type { Actor } from '../../../lib/actor.ts';
import { invalidField } from '../../../lib/errors.ts';
import { authorOfActor, writeCustomers } from '../customer-writes.ts';
import { countMatching, type MatchFilter, matchingCustomers } from './customer-match.repository.ts';
import { searchTerms } from './customer-search.ts';

const CAP = CUSTOMER_MATCH_LIMITS.matchCountMax;

function toMatchFilter(match: CustomerMatch): MatchFilter {
  return {
    terms: match.q ? searchTerms(match.q) : [],
    status: match.status,
    ownerId: match.owner_id,
    tag: match.tag || undefined,
    organisationId: match.organisation_id,
  };
}

/** How many customers match the list's filter: exact up to the cap, then "more" (never a full count). */
export function countCustomers(
  ctx: AppContext,
  companyId: number,
  match: CustomerMatch,
): Promise<CustomerCount> {
  return countMatching(ctx.db, companyId, toMatchFilter(match), CAP);
}

/**
 * A bulk action on every customer matching the filter, in one transaction.
 * More matches than the cap are refused whole (400 `too_many` on `filter`):
 * nothing is changed half-way, and the person narrows the filter.
 */
export async function bulkCustomersByFilter(
  ctx: AppContext,
  actor: Actor,
  body: CustomerBulkFilterBody,
): Promise<CustomerBulkFilterResult> {
  return writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const found = await matchingCustomers(trx, actor.companyId, toMatchFilter(body.filter), CAP + 1);
    if (found.length > CAP) throw invalidField('filter', 'too_many');
    await w.bulk(body, found);
    return { action: body.action, matched: found.length };
  });
}
