import type { Database } from '../../db/database.ts';
import { COMPANY_RECORD_NAMES, companyNames, companyRecordNames, personNames } from './audit.repository.ts';

type Named = { entity: string; entity_id: string | null; company_id: number | string | null };
type RecordEntity = keyof typeof COMPANY_RECORD_NAMES;

/** Entries about a person: a membership's id is the member's person id. */
const PERSON_ENTITIES = new Set(['user', 'membership']);
const isRecordEntity = (entity: string): entity is RecordEntity =>
  Object.hasOwn(COMPANY_RECORD_NAMES, entity);

const idOf = (value: string | number | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

function addTo<K>(map: Map<K, Set<number>>, key: K, id: number): void {
  const ids = map.get(key) ?? new Set<number>();
  ids.add(id);
  map.set(key, ids);
}

/**
 * The names an audit page shows instead of "Person #4": each entry's record (a
 * person, company, customer, API key or invitation) and its company, looked up for
 * the whole page at once (one small query per kind, none per entry). A record
 * deleted since has no name; the screen then shows its number.
 */
export async function auditNamesOf(
  db: Database,
  rows: readonly Named[],
): Promise<(row: Named) => { entity_name: string | null; company_name: string | null }> {
  const people = new Set<number>();
  const companies = new Set<number>();
  const records = new Map<RecordEntity, Set<number>>();
  for (const row of rows) {
    const companyId = idOf(row.company_id);
    if (companyId !== null) companies.add(companyId);
    const id = idOf(row.entity_id);
    if (id === null) continue;
    if (PERSON_ENTITIES.has(row.entity)) people.add(id);
    else if (row.entity === 'company') companies.add(id);
    else if (isRecordEntity(row.entity)) addTo(records, row.entity, id);
  }

  const personName = new Map<number, string>();
  if (people.size) {
    for (const p of await personNames(db, [...people])) personName.set(p.id, p.full_name || p.email);
  }
  const companyName = new Map<number, string>();
  if (companies.size) {
    for (const c of await companyNames(db, [...companies])) companyName.set(c.id, c.name);
  }
  const recordName = new Map<string, string>();
  for (const [entity, ids] of records) {
    for (const r of await companyRecordNames(db, entity, [...companies], [...ids])) {
      recordName.set(`${entity}:${r.id}`, r.name);
    }
  }

  return (row) => {
    const id = idOf(row.entity_id);
    const companyId = idOf(row.company_id);
    let entityName: string | undefined;
    if (id !== null) {
      if (PERSON_ENTITIES.has(row.entity)) entityName = personName.get(id);
      else if (row.entity === 'company') entityName = companyName.get(id);
      else entityName = recordName.get(`${row.entity}:${id}`);
    }
    return {
      entity_name: entityName ?? null,
      company_name: companyId === null ? null : (companyName.get(companyId) ?? null),
    };
  };
}
