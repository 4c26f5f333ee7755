import type { CustomField, SectionRenameBody } from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { selectFields, updateField } from './custom-fields.repository.ts';
import { auditField, definitionsChanged, getField, toField } from './field-definition.ts';

/**
 * Renames a section (docs/decisions/081-custom-field-sections.md): sections are a name on each
 * field, so the rename sets `to` on every field of the record kind under `from` (archived ones
 * too, so a restored field comes back under the new name), in one transaction, each audited as
 * the field's change. No field under `from`: 404. Answers the fields renamed, by position.
 */
export async function renameSection(
  ctx: AppContext,
  actor: Actor,
  body: SectionRenameBody,
): Promise<CustomField[]> {
  const { companyId } = actor;
  const renamed = await ctx.db.transaction().execute(async (trx) => {
    const under = (await selectFields(trx, companyId, body.record)).filter((f) => f.section === body.from);
    if (under.length === 0) throw notFound('Section');
    const at = new Date().toISOString();
    const out: CustomField[] = [];
    for (const row of under) {
      await updateField(trx, companyId, row.id, { section: body.to, updated_at: at });
      const after = await getField(trx, companyId, row.id);
      await auditField(trx, actor, 'update', row.id, { before: toField(row), after });
      out.push(after);
    }
    return out;
  });
  definitionsChanged(ctx, companyId);
  return renamed.sort((a, b) => a.position - b.position || a.id - b.id);
}
