import type { Database } from '../../db/database.ts';

/** Reads of the deal CSV import and export beside the deal rows: names and emails by id, ids by name. */

const CHUNK = 1000;

async function inChunks<T>(ids: readonly number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/** The email of each user (the deals' owners), by id. */
export async function userEmails(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await inChunks(ids, (part) =>
    db.selectFrom('users').select(['id', 'email']).where('id', 'in', part).execute(),
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The name of each customer of the company, by id. */
export async function customerNames(
  db: Database,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await inChunks(ids, (part) =>
    db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', 'in', part)
      .execute(),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The company's customers of the type whose name (exactly) or email (without case) is one of
 * `values`: value → ids, oldest first (more than one: ambiguous). Emails are answered folded.
 */
async function customerIdsBy(
  db: Database,
  companyId: number,
  type: 'person' | 'organisation',
  by: 'name' | 'email',
  values: readonly string[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'name', 'email'])
      .where('company_id', '=', companyId)
      .where('type', '=', type)
      .$if(by === 'name', (q) => q.where('name', 'in', part))
      .$if(by === 'email', (q) => q.where((eb) => eb.fn('lower', ['email']), 'in', part))
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const key = by === 'name' ? r.name : (r.email ?? '').toLowerCase();
      out.set(key, [...(out.get(key) ?? []), r.id]);
    }
  }
  return out;
}

/** The company's organisation customers of these exact names: name → ids (more than one: ambiguous). */
export const organisationIdsByName = (db: Database, companyId: number, names: readonly string[]) =>
  customerIdsBy(db, companyId, 'organisation', 'name', names);

/**
 * The company's person customers with these emails (compared without case) or, for the
 * entries that are not emails, these exact names: entry key (`personEntryKey`) → ids.
 */
export async function personIdsByEntry(
  db: Database,
  companyId: number,
  entries: readonly string[],
): Promise<Map<string, number[]>> {
  const emails = [...new Set(entries.filter(isEmailEntry).map((e) => e.toLowerCase()))];
  const names = [...new Set(entries.filter((e) => !isEmailEntry(e)))];
  return new Map([
    ...(await customerIdsBy(db, companyId, 'person', 'email', emails)),
    ...(await customerIdsBy(db, companyId, 'person', 'name', names)),
  ]);
}

/** A people cell's entry that names a person by email (else by name). */
export const isEmailEntry = (entry: string) => entry.includes('@');

/** The key an entry is looked up by in `personIdsByEntry`'s answer. */
export const personEntryKey = (entry: string) => (isEmailEntry(entry) ? entry.toLowerCase() : entry);
