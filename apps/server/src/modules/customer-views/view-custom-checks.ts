import type { CustomRecord } from '@kontora/contract/custom-fields';
import { isCustomColumn } from '@kontora/contract/customer-views';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { activeFields, customListPlan } from '../custom-fields/custom-fields.service.ts';

/**
 * A view's own-field filters, sort and columns name fields the company has in use: another
 * company's key or an archived field is a 400 with the path of what names it
 * (`filter.custom.{key}`, `sort`, `columns`), so a saved view never opens on a refused list.
 */
export async function checkViewCustom(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  record: CustomRecord,
  view: { filter?: Record<string, unknown>; sort?: string; dir?: string; columns?: readonly string[] },
): Promise<void> {
  const problems: Record<string, string[]> = {};
  if (view.filter || view.sort) {
    try {
      await customListPlan(ctx.db, companyId, record, view.filter ?? {}, view.sort);
    } catch (error) {
      if (!(error instanceof AppError) || !error.details) throw error;
      for (const [path, codes] of Object.entries(error.details))
        problems[path === 'sort' ? 'sort' : `filter.${path}`] = codes;
    }
  }
  const custom = view.columns?.filter((c) => isCustomColumn(c)) ?? [];
  if (custom.length) {
    const keys = new Set((await activeFields(ctx.db, companyId, record)).map((f) => `custom.${f.key}`));
    custom.forEach((column) => {
      if (!keys.has(column)) problems[`columns.${view.columns?.indexOf(column)}`] = ['unknown_field'];
    });
  }
  if (Object.keys(problems).length)
    throw new AppError(400, 'validation_failed', 'The view names fields the company does not have.', {
      details: problems,
    });
}
