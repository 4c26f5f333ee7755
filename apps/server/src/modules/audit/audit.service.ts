import type { AuditData, AuditEntry, AuditQuery } from '@kontora/contract/admin';
import type { Database } from '../../db/database.ts';
import { invalidField } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { insertAuditEntry, listAuditEntries } from './audit.repository.ts';
import { auditNamesOf } from './audit-names.ts';

/** One change to record: who did what to which record, and the record before and after. */
export interface AuditInput {
  /** The signed-in person; null for the system (seed, jobs) and for API keys. */
  actorId: number | null;
  /** The API key that acted (decision 013); its name is kept as it was then. */
  actorKey?: { id: number; name: string } | null | undefined;
  /** `<entity>.<verb>`, e.g. `company.update`, `membership.remove`. */
  action: string;
  entity: string;
  entityId: string | number | null;
  /** The company the record belongs to, so a company's history can be listed. */
  companyId: number | null;
  before?: unknown;
  after?: unknown;
}

export { auditActorOf } from '../../lib/actor.ts';

/** Keys never written to the audit log, at any depth. */
const SECRET_KEY = /password|secret|token|hash|credential|api_?key|private|otp|recovery/i;

/** A copy of a value without secret-looking keys; undefined values dropped as JSON would. */
export function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (!SECRET_KEY.test(key) && v !== undefined) out[key] = scrubSecrets(v);
    }
    return out;
  }
  return value;
}

const toJson = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(scrubSecrets(value));

/**
 * Writes an audit entry. Pass the transaction that makes the change, so the
 * entry exists exactly when the change does.
 */
export async function recordAudit(db: Database, input: AuditInput): Promise<void> {
  await insertAuditEntry(db, {
    actor_id: input.actorId,
    actor_key_id: input.actorKey?.id ?? null,
    actor_key_name: input.actorKey?.name ?? null,
    action: input.action,
    entity: input.entity,
    entity_id: input.entityId === null ? null : String(input.entityId),
    company_id: input.companyId,
    before: toJson(input.before),
    after: toJson(input.after),
    created_at: new Date().toISOString(),
  });
}

/** The fields that differ between two snapshots, each side holding only those (null when nothing changed). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

interface Cursor {
  at: string;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

function decodeCursor(raw: string): Cursor {
  const parsed = parseJson(Buffer.from(raw, 'base64url').toString('utf8'));
  if (
    Array.isArray(parsed) &&
    typeof parsed[0] === 'string' &&
    !Number.isNaN(Date.parse(parsed[0])) &&
    Number.isSafeInteger(parsed[1])
  ) {
    return { at: new Date(parsed[0]).toISOString(), id: parsed[1] as number };
  }
  throw invalidField('cursor', 'invalid_cursor');
}

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Inclusive lower bound: a date means the start of that day (UTC). */
const fromBound = (value: string) =>
  new Date(Date.parse(isDateOnly(value) ? `${value}T00:00:00Z` : value)).toISOString();

/** Exclusive upper bound of an inclusive `to`: a date covers that whole day (UTC). */
const toBound = (value: string) =>
  new Date(
    isDateOnly(value) ? Date.parse(`${value}T00:00:00Z`) + 86_400_000 : Date.parse(value) + 1,
  ).toISOString();

export async function listAudit(db: Database, query: AuditQuery): Promise<AuditData> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listAuditEntries(db, {
    actorId: query.actor_id,
    entity: query.entity,
    entityId: query.entity_id,
    companyId: query.company_id,
    action: query.action,
    from: query.from ? fromBound(query.from) : undefined,
    toExclusive: query.to ? toBound(query.to) : undefined,
    cursor,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const namesOf = await auditNamesOf(db, page);
  const items: AuditEntry[] = page.map(({ actor_key_id, actor_key_name, ...r }) => ({
    ...r,
    ...namesOf(r),
    // A key's entry names the key (as it was called then); it has no person.
    actor_name: actor_key_name ?? r.actor_name,
    actor_kind: actor_key_id != null ? 'api_key' : r.actor_id === null ? 'system' : 'user',
    actor_key_id: actor_key_id ?? null,
    company_id: r.company_id === null ? null : Number(r.company_id),
    before: parseJson(r.before) ?? null,
    after: parseJson(r.after) ?? null,
  }));
  return {
    items,
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
  };
}
