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

/** The company's organisation customers of these exact names: name → ids (more than one: ambiguous). */
export async function organisationIdsByName(
  db: Database,
  companyId: number,
  names: readonly string[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < names.length; i += CHUNK) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('type', '=', 'organisation')
      .where('name', 'in', names.slice(i, i + CHUNK))
      .orderBy('id')
      .execute();
    for (const r of rows) out.set(r.name, [...(out.get(r.name) ?? []), r.id]);
  }
  return out;
}
