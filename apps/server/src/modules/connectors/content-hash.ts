import { createHash } from 'node:crypto';
import { type MappedField, SYNCED_FIELDS, type SyncedFields } from './connector.ts';
import { customHashPart } from './connector-field-hash.ts';

/** The synced fields of a customer (or a mapped remote record), empty text as null. */
export function syncedFieldsOf(
  record: { [K in keyof SyncedFields]?: SyncedFields[K] | undefined },
): SyncedFields {
  const out = {} as Record<string, unknown>;
  for (const field of SYNCED_FIELDS) {
    const value = record[field];
    out[field] = typeof value === 'string' ? value.trim() || null : (value ?? null);
  }
  if (record.custom) out.custom = record.custom;
  return out as unknown as SyncedFields;
}

/**
 * The hash of the content both sides agreed on. The sync stores it on the
 * link after every pull and push; a record whose hash equals the link's has
 * not changed since, so our own writes coming back are not written again.
 */
export function contentHash(fields: SyncedFields, mapped: readonly MappedField[]): string {
  const normal = syncedFieldsOf(fields);
  if (normal.email) normal.email = normal.email.toLowerCase();
  const own = mapped.filter((f) => !f.startsWith('custom.')) as (keyof SyncedFields)[];
  // Mapped own fields count only where they hold a value: hashes of records without any are as before.
  const custom = customHashPart(normal.custom, mapped);
  return createHash('sha256')
    .update(JSON.stringify([normal.type, ...own.map((f) => normal[f]), ...custom]))
    .digest('hex');
}
