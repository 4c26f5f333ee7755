import type { Database } from '../db/database.ts';

/**
 * The company's to-do answers are cached by its `event_versions` number (migration 029,
 * modules/events/events-page-cache.ts). A write that changes what they show without writing a
 * to-do row, whose triggers move it on, bumps it here: a deal's rename (the to-dos carry its
 * title) and the flip of a to-do import.
 */
export async function bumpEventVersion(db: Database, companyId: number) {
  await db
    .insertInto('event_versions')
    .values({ company_id: companyId, version: 1 })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet((eb) => ({ version: eb('event_versions.version', '+', 1) })),
    )
    .execute();
}
