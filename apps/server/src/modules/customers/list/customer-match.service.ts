import {
  CUSTOMER_MATCH_LIMITS,
  type CustomerBulkFilterBody,
  type CustomerBulkFilterResult,
  type CustomerCount,
  type CustomerMatchQuery,
} from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import type { Actor } from '../../../lib/actor.ts';
import { AppError, invalidField } from '../../../lib/errors.ts';
import { authorOfActor, writeCustomers } from '../customer-writes.ts';
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

/** The filter's problems as the body names them (`filter.custom.{key}`). */
async function inFilter<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (!(e instanceof AppError) || !e.details) throw e;
    const details = Object.fromEntries(Object.entries(e.details).map(([k, v]) => [`filter.${k}`, v]));
    throw new AppError(e.status, e.code, e.message, { details });
  }
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
    const filter = await inFilter(toMatchFilter({ db: trx }, actor.companyId, body.filter));
    const found = await matchingCustomers(trx, actor.companyId, filter, CAP + 1);
    if (found.length > CAP) throw invalidField('filter', 'too_many');
    await w.bulk(body, found);
    return { action: body.action, matched: found.length };
  });
}
