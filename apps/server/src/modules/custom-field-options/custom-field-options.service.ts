import type { CustomOptionMergeBody, CustomOptionMergeResult } from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { getField } from '../custom-fields/custom-fields.service.ts';
import { mergeCustomerOption } from '../customers/customers.service.ts';
import { mergeDealOption } from '../deals/deals.service.ts';

/**
 * Merges option `from` of a select field into `into` (docs/decisions/076-field-deletion-merge-and-bulk.md), by the record
 * kind of the field: one transaction with the records' values, versions, timeline entries,
 * batched feed entries and the field's options.
 */
export async function mergeFieldOptions(
  ctx: AppContext,
  actor: Actor,
  fieldId: number,
  body: CustomOptionMergeBody,
): Promise<CustomOptionMergeResult> {
  const { record } = await getField(ctx.db, actor.companyId, fieldId);
  return record === 'customer'
    ? mergeCustomerOption(ctx, actor, fieldId, body)
    : mergeDealOption(ctx, actor, fieldId, body);
}
