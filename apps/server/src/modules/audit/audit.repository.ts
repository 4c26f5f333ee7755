import type { Database } from '../../db/database.ts';

export async function insertAuditEntry(
  db: Database,
  values: {
    actor_id: number | null;
    actor_key_id?: number | null;
    actor_key_name?: string | null;
    action: string;
    entity: string;
    entity_id: string | null;
    company_id: number | null;
    before: string | null;
    after: string | null;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('audit_entries').values(values).execute();
}

export interface AuditFilter {
  actorId?: number;
  entity?: string;
  entityId?: string;
  companyId?: number;
  action?: string;
  /** Inclusive ISO instant. */
  from?: string;
  /** Exclusive ISO instant. */
  toExclusive?: string;
  /** Entries strictly older than this (created_at, id) pair: keyset paging, newest first. */
  cursor?: { at: string; id: number };
  limit: number;
}

export function listAuditEntries(db: Database, f: AuditFilter) {
  let q = db
    .selectFrom('audit_entries')
    .leftJoin('users', 'users.id', 'audit_entries.actor_id')
    .select([
      'audit_entries.id',
      'audit_entries.actor_id',
      'users.email as actor_email',
      'users.full_name as actor_name',
      'audit_entries.actor_key_id',
      'audit_entries.actor_key_name',
      'audit_entries.action',
      'audit_entries.entity',
      'audit_entries.entity_id',
      'audit_entries.company_id',
      'audit_entries.before',
      'audit_entries.after',
      'audit_entries.created_at',
    ]);
  if (f.actorId !== undefined) q = q.where('audit_entries.actor_id', '=', f.actorId);
  if (f.entity !== undefined) q = q.where('audit_entries.entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('audit_entries.entity_id', '=', f.entityId);
  if (f.companyId !== undefined) q = q.where('audit_entries.company_id', '=', f.companyId);
  if (f.action !== undefined) q = q.where('audit_entries.action', '=', f.action);
  if (f.from !== undefined) q = q.where('audit_entries.created_at', '>=', f.from);
  if (f.toExclusive !== undefined) q = q.where('audit_entries.created_at', '<', f.toExclusive);
  const cursor = f.cursor;
  if (cursor) {
    q = q.where((eb) =>
      eb.or([
        eb('audit_entries.created_at', '<', cursor.at),
        eb.and([eb('audit_entries.created_at', '=', cursor.at), eb('audit_entries.id', '<', cursor.id)]),
      ]),
    );
  }
  return q
    .orderBy('audit_entries.created_at', 'desc')
    .orderBy('audit_entries.id', 'desc')
    .limit(f.limit)
    .execute();
}

/** People by id: their name, else their email (audit entries about a person or a membership). */
export function personNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

export function companyNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Company-owned records an audit entry can name, each with the column that names it. */
export const COMPANY_RECORD_NAMES = {
  customer: { table: 'customers', column: 'name' },
  deal: { table: 'deals', column: 'title' },
  api_key: { table: 'api_keys', column: 'name' },
  invitation: { table: 'company_invitations', column: 'email' },
} as const;

/** Names of one kind of company-owned record, by id, within the listed companies. */
export function companyRecordNames(
  db: Database,
  entity: keyof typeof COMPANY_RECORD_NAMES,
  companyIds: readonly number[],
  ids: readonly number[],
) {
  const { table, column } = COMPANY_RECORD_NAMES[entity];
  return db
    .selectFrom(table)
    .select(['id', `${column} as name`])
    .where('company_id', 'in', [...companyIds])
    .where('id', 'in', [...ids])
    .execute() as Promise<{ id: number; name: string }[]>;
}
