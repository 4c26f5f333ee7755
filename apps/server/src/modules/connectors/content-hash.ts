import { createHash } from 'node:crypto';
import { SYNCED_FIELDS, type SyncedFields } from './connector.ts';

/** The synced fields of a customer (or a mapped remote record), empty text as null. */
export function syncedFieldsOf(
  record: { [K in keyof SyncedFields]?: SyncedFields[K] | undefined },
): SyncedFields {
  const out = {} as Record<string, unknown>;
  for (const field of SYNCED_FIELDS) {
    const value = record[field];
    out[field] = typeof value === 'string' ? value.trim() || null : (value ?? null);
  }
  return out as unknown as SyncedFields;
}

/**
 * The hash of the content both sides agreed on. The sync stores it on the
 * link after every pull and push; a record whose hash equals the link's has
 * not changed since, so our own writes coming back are not written again.
 */
export function contentHash(fields: SyncedFields, mapped: readonly (keyof SyncedFields)[]): string {
  const normal = syncedFieldsOf(fields);
  if (normal.email) normal.email = normal.email.toLowerCase();
  return createHash('sha256')
    .update(JSON.stringify([normal.type, ...mapped.map((f) => normal[f])]))
    .digest('hex');
}
