import type { AppContext } from '../../context.ts';
import { forEachRecordOfField, refreshFieldSearchJob } from '../custom-fields/custom-fields.service.ts';
import { refreshCustomerSearch } from '../customers/customers.service.ts';
import { refreshDealSearch } from '../deals/deals.service.ts';

/**
 * The job that follows an own text field's archive, restore, deletion or undone deletion
 * (docs/decisions/084-own-text-values-searched.md): the records holding a value of the field
 * have their search words made again by their write doors, a page of 500 per transaction.
 * Its own module because it reaches both record kinds, which depend on custom-fields, not
 * the other way round.
 */
export function registerOwnFieldSearchJobs(ctx: AppContext): void {
  ctx.jobs.handle(refreshFieldSearchJob, async ({ company_id, field_id }) => {
    await forEachRecordOfField(ctx.db, company_id, field_id, async (record, ids) => {
      if (record === 'customer') await refreshCustomerSearch(ctx, company_id, ids);
      else await refreshDealSearch(ctx, company_id, ids);
    });
  });
}
