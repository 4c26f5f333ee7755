import type { Customer, CustomerUpdateBody } from '@kontora/contract/customers';
import type { Database } from '../../db/database.ts';
import { changesAfterVersion } from './timeline/customer-activities.repository.ts';

/**
 * Whether an edit sent with an older `version` can still be applied to the
 * customer as it is now (docs/decisions/054-merge-non-overlapping-edits.md):
 * yes when no field it sends a new value for was changed since that version.
 * What changed comes from the timeline entries that record each version; when
 * one of them is missing or told twice (entries written before they kept
 * versions, or moved onto a merge's survivor) the edit is refused, as before.
 */
export async function canMergeEdit(
  db: Database,
  companyId: number,
  current: Customer,
  body: Partial<CustomerUpdateBody> & { version: number },
): Promise<boolean> {
  if (body.version >= current.version) return false;
  const rows = await changesAfterVersion(db, companyId, current.id, body.version);
  const versions = new Set(rows.map((r) => r.version));
  const expected = current.version - body.version;
  if (rows.length !== expected || versions.size !== expected) return false;
  const changedSince = new Set(
    rows.flatMap((r) => (JSON.parse(r.changes ?? '[]') as { field: string }[]).map((c) => c.field)),
  );
  const customSince = (custom: Record<string, unknown>) =>
    Object.entries(custom).every(
      ([key, value]) =>
        !changedSince.has(`custom.${key}`) || JSON.stringify(value) === JSON.stringify(current.custom[key]),
    );
  // The company's own fields are changed one by one (`custom.{key}`), so compared one by one.
  return Object.entries(body).every(([field, value]) =>
    field === 'custom'
      ? customSince((value ?? {}) as Record<string, unknown>)
      : field === 'version' ||
        !changedSince.has(field) ||
        JSON.stringify(value) === JSON.stringify(current[field as keyof Customer]),
  );
}
