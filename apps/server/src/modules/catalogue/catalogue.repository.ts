import type { Database } from '../../db/database.ts';

/** The modules a company can have (reference data, seeded by migration 001). */
export function listModules(db: Database) {
  return db.selectFrom('modules').select(['id', 'key', 'name']).orderBy('id').execute();
}

export function listSocialIntegrationTypes(db: Database) {
  return db.selectFrom('social_integration_types').selectAll().orderBy('id').execute();
}
