import { type Insertable, sql } from 'kysely';
import { companyGuard } from '../../../db/company-guard.ts';
import type { Database } from '../../../db/database.ts';
import type { CustomerOrganisationsTable } from '../../../db/schema.ts';
import { hiddenImports, visibleCondition } from '../customer-visibility.ts';

/** People at organisations (migration 040): the link rows, always read and written within one company. */

export type LinkRow = Insertable<CustomerOrganisationsTable> & { created_at: string };

/** A person's link as answers and the timeline show it: with the organisation's current name. */
export interface NamedLink {
  person_id: number;
  organisation_id: number;
  name: string;
  role: string | null;
  created_at: string;
}

/** The links of these people, each person's in the order they were given. */
export async function linksOfPeople(db: Database, companyId: number, personIds: number[]) {
  const out: NamedLink[] = [];
  for (let i = 0; i < personIds.length; i += 1000) {
    const rows = await db
      .selectFrom('customer_organisations as l')
      .innerJoin('customers as o', (j) =>
        j.onRef('o.id', '=', 'l.organisation_id').onRef('o.company_id', '=', 'l.company_id'),
      )
      .select(['l.person_id', 'l.organisation_id', 'o.name', 'l.role', 'l.created_at'])
      .where(companyGuard('l.company_id'), '=', companyId)
      .where('l.person_id', 'in', personIds.slice(i, i + 1000))
      .orderBy('l.person_id')
      .orderBy('l.position')
      .execute();
    out.push(...rows.map((r) => ({ ...r, created_at: String(r.created_at) })));
  }
  return out;
}

/** The company's customers among these ids, with their type and name. */
export function customerKinds(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .select(['id', 'type', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** The person's links become `rows` (in their order); links kept keep the day they were made. */
export async function replaceLinks(
  db: Database,
  companyId: number,
  personId: number,
  rows: { organisation_id: number; role: string | null; created_at: string }[],
): Promise<void> {
  await db
    .deleteFrom('customer_organisations')
    .where(companyGuard('company_id'), '=', companyId)
    .where('person_id', '=', personId)
    .execute();
  await insertLinks(
    db,
    rows.map((r, position) => ({ company_id: companyId, person_id: personId, position, ...r })),
  );
}

export async function insertLinks(db: Database, rows: LinkRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('customer_organisations')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/** Every link to or from these customers, as stored (what a merge moves and its undo puts back). */
export async function linksTouching(db: Database, companyId: number, ids: number[]): Promise<LinkRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('customer_organisations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('person_id', 'in', ids), eb('organisation_id', 'in', ids)]))
    .orderBy('person_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ ...r, created_at: String(r.created_at) }));
}

export async function deleteLinksTouching(db: Database, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('customer_organisations')
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('person_id', 'in', ids), eb('organisation_id', 'in', ids)]))
    .execute();
}

/** Whether anyone belongs to the organisation. */
export async function hasPeople(db: Database, companyId: number, organisationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customer_organisations')
    .select('person_id')
    .where('company_id', '=', companyId)
    .where('organisation_id', '=', organisationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of an organisation's people in the order they joined (customer_organisations_org_idx). */
export async function peoplePage(
  db: Database,
  companyId: number,
  organisationId: number,
  after: { at: string; id: number } | undefined,
  limit: number,
) {
  const hidden = await hiddenImports(db, companyId);
  let query = db
    .selectFrom('customer_organisations as l')
    .innerJoin('customers as p', (j) =>
      j.onRef('p.id', '=', 'l.person_id').onRef('p.company_id', '=', 'l.company_id'),
    )
    .select(['p.id', 'p.name', 'p.email', 'p.phone', 'p.status', 'l.role', 'l.created_at'])
    .where('l.company_id', '=', companyId)
    .where('l.organisation_id', '=', organisationId);
  if (hidden.length) query = query.where(visibleCondition('p', hidden));
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('l.created_at', 'l.person_id'), '>', eb.tuple(after.at, after.id)),
    );
  }
  return query.orderBy('l.created_at').orderBy('l.person_id').limit(limit).execute();
}

/**
 * The list's "people of this organisation" condition on a customer aliased `x` (the search
 * pages and the match read customers as `x`). Written as `id in (…)` so that the organisation's
 * few links (customer_organisations_org_idx) drive the query and their rows are looked up by
 * id; an `exists` per row walked the company's whole sort index instead (on SQLite, 200,000
 * customers: about 430 ms against well under 1 ms a page).
 */
export function memberOfCondition(organisationId: number | undefined, alias = 'x') {
  if (organisationId === undefined) return sql``;
  const x = sql.raw(alias);
  return sql`and ${x}.id in (select m.person_id from customer_organisations m where m.company_id = ${x}.company_id and m.organisation_id = ${organisationId})`;
}

/**
 * Organisation customers of the company with exactly these names, oldest first per name; an
 * import (`importId`) finds those its own earlier batches made, not those of another under way.
 */
export async function organisationsNamed(
  db: Database,
  companyId: number,
  names: string[],
  importId?: number,
) {
  if (names.length === 0) return [];
  const hidden = await hiddenImports(db, companyId, importId);
  return db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('type', '=', 'organisation')
    .where('name', 'in', names)
    .$if(hidden.length > 0, (q) => q.where(visibleCondition(null, hidden)))
    .orderBy('id')
    .execute();
}

/** Deletes the given (person, organisation) links. */
export async function deleteLinkPairs(
  db: Database,
  companyId: number,
  pairs: { person_id: number; organisation_id: number }[],
): Promise<void> {
  for (const pair of pairs) {
    await db
      .deleteFrom('customer_organisations')
      .where('company_id', '=', companyId)
      .where('person_id', '=', pair.person_id)
      .where('organisation_id', '=', pair.organisation_id)
      .execute();
  }
}
