import {
  CUSTOM_FIELD_LIMITS,
  type CustomRecord,
  type DeletedCustomField,
} from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findDeletedField,
  purgeField,
  selectDeletedFields,
  selectFields,
  selectFieldsDeletedBefore,
  setFieldDeleted,
} from './custom-fields.repository.ts';
import { auditField, definitionsChanged, getField, toField, tooMany } from './field-definition.ts';
import { queueFieldSearchRefresh } from './field-search-refresh.ts';
import { removeFieldValues } from './value-first.repository.ts';

/**
 * Deleting a field keeps it, and its values, for 30 days (docs/decisions/076-field-deletion-merge-and-bulk.md): deleted, it is
 * out of every read, write, filter and export (the repository's reads skip it), and a restore
 * brings it back as it was; the daily purge removes what is older.
 */

const KEEP_MS = CUSTOM_FIELD_LIMITS.keepDeletedDays * 86_400_000;
const sinceOf = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now() - KEEP_MS).toISOString();

export async function removeField(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await getField(trx, actor.companyId, id);
    const at = ctx.clock.nowIso();
    if (!(await setFieldDeleted(trx, actor.companyId, id, at, at))) throw notFound('Field');
    await auditField(trx, actor, 'delete', id, { before });
    // A deleted field's values leave the search (a background job); its restore brings them back.
    await queueFieldSearchRefresh(ctx, trx, actor.companyId, before);
  });
  definitionsChanged(ctx, actor.companyId);
}

/** The record kind's deleted fields still restorable, last deleted first, with when each goes for good. */
export async function deletedFields(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  companyId: number,
  record: CustomRecord,
): Promise<DeletedCustomField[]> {
  const rows = await selectDeletedFields(ctx.db, companyId, record, sinceOf(ctx));
  return rows.map((row) => {
    const deletedAt = new Date(row.deleted_at ?? 0);
    return {
      ...toField(row),
      deleted_at: deletedAt.toISOString(),
      purge_at: new Date(deletedAt.getTime() + KEEP_MS).toISOString(),
    };
  });
}

/**
 * Brings a deleted field back with its values, archived or in use as it was. A field in use
 * counts against the 200; past 30 days (purge not yet run) it is gone: 404.
 */
export async function restoreField(ctx: AppContext, actor: Actor, id: number) {
  const { companyId } = actor;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findDeletedField(trx, companyId, id, sinceOf(ctx));
    if (!row) throw notFound('Field');
    if (!row.archived) {
      const inUse = (await selectFields(trx, companyId, row.record)).filter((f) => !f.archived);
      if (inUse.length >= CUSTOM_FIELD_LIMITS.fieldsMax) throw tooMany();
    }
    if (!(await setFieldDeleted(trx, companyId, id, null, ctx.clock.nowIso()))) throw notFound('Field');
    await auditField(trx, actor, 'restore', id, { after: await getField(trx, companyId, id) });
    await queueFieldSearchRefresh(ctx, trx, companyId, row);
  });
  definitionsChanged(ctx, companyId);
  return getField(ctx.db, companyId, id);
}

/**
 * Removes fields deleted over 30 days ago: their values off the records' rows, then the field.
 * Answers how many.
 */
export async function purgeDeletedFields(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const due = await selectFieldsDeletedBefore(ctx.db, sinceOf(ctx));
  let purged = 0;
  for (const field of due) {
    await removeFieldValues(ctx.db, field.company_id, field.record, field.id);
    if (await purgeField(ctx.db, field.company_id, field.id)) purged += 1;
  }
  return purged;
}
