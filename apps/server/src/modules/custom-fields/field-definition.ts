import type { CustomField } from '@kontora/contract/custom-fields';
import { CUSTOM_FIELD_LIMITS } from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { type AppError, invalidField, notFound } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { type FieldRow, findField } from './custom-fields.repository.ts';

/** A field definition as the API answers it, read, audited and announced: shared by the module's files. */

export function toField(row: FieldRow): CustomField {
  const labels = parseJson(row.labels);
  const options = parseJson(row.options);
  return {
    id: row.id,
    record: row.record,
    key: row.key,
    label: row.label,
    labels: labels && typeof labels === 'object' ? (labels as CustomField['labels']) : {},
    type: row.type as CustomField['type'],
    required: Boolean(row.required),
    options: Array.isArray(options) ? (options as CustomField['options']) : [],
    default: row.default_value === null ? null : (parseJson(row.default_value) ?? null),
    help: row.help,
    section: row.section ?? null,
    position: row.position,
    archived: Boolean(row.archived),
  };
}

export async function getField(db: Database, companyId: number, id: number): Promise<CustomField> {
  const row = await findField(db, companyId, id);
  if (!row) throw notFound('Field');
  return toField(row);
}

export function tooMany(): AppError {
  return invalidField(
    'record',
    'too_many_fields',
    `A record kind has at most ${CUSTOM_FIELD_LIMITS.fieldsMax} fields in use.`,
  );
}

/** Cached list answers show values of fields in use: a definition change drops them. */
export function definitionsChanged(ctx: Pick<AppContext, 'caches'>, companyId: number): void {
  ctx.caches.customerPages.evict(companyId);
}

/** Definition changes are in the audit log: who added, changed (archived, restored) or deleted which field. */
export function auditField(
  db: Database,
  actor: Actor,
  action: 'create' | 'update' | 'delete' | 'restore' | 'merge_options',
  id: number,
  snapshots: { before?: CustomField; after?: CustomField & { merged?: object } },
) {
  return recordAudit(db, {
    ...auditActorOf(actor),
    action: `custom_field.${action}`,
    entity: 'custom_field',
    entityId: id,
    companyId: actor.companyId,
    ...snapshots,
  });
}
