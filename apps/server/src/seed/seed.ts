import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createActiveUser, createCompanyWith } from './accounts.seed.ts';
import { seedCrmDemo } from './crm-demo.seed.ts';
import { seedDealsDemo } from './deals-demo.seed.ts';

/** Demo credentials; also in the README. Only ever created on an empty embedded database or with SEED_DEMO. */
export const DEMO = {
  password: 'kontora-demo-2026',
  admin: 'admin@example.com',
  owner: 'ana@example.com',
  member: 'marko@example.com',
} as const;

/**
 * First start: a superuser from ADMIN_EMAIL/ADMIN_PASSWORD (or, on the embedded
 * default, the demo superuser) when none exists; demo companies and people when
 * SEED_DEMO is on and the database has no companies yet.
 */
export async function seed(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  const superuser = await db.selectFrom('users').select('id').where('is_admin', '=', true).executeTakeFirst();
  if (!superuser) {
    if (config.admin) {
      await createActiveUser(db, {
        email: config.admin.email,
        full_name: 'Administrator',
        password: config.admin.password,
        is_admin: true,
      });
      log.info({ email: config.admin.email }, 'superuser created from ADMIN_EMAIL');
    } else if (config.database.kind === 'sqlite' || config.seedDemo) {
      await createActiveUser(db, {
        email: DEMO.admin,
        full_name: 'Demo Admin',
        password: DEMO.password,
        is_admin: true,
        language: 'en',
      });
      log.warn(
        `demo superuser created: ${DEMO.admin} / ${DEMO.password} (set ADMIN_EMAIL and ADMIN_PASSWORD for a real one)`,
      );
    } else {
      log.warn('no superuser exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one');
    }
  }
  if (!config.seedDemo) return;
  const anyCompany = await db.selectFrom('companies').select('id').executeTakeFirst();
  if (anyCompany) {
    // Demo companies seeded before the CRM demo data existed get it now; it skips companies with customers.
    await seedCrmDemo(db, DEMO.owner, log);
    await seedDealsDemo(db, DEMO.owner, log);
    return;
  }
  const ana = await createActiveUser(db, {
    email: DEMO.owner,
    full_name: 'Ana Horvat',
    password: DEMO.password,
    language: 'hr',
  });
  const marko = await createActiveUser(db, {
    email: DEMO.member,
    full_name: 'Marko Kovač',
    password: DEMO.password,
    language: 'en',
  });
  await createCompanyWith(
    db,
    {
      name: 'Acme d.o.o.',
      legal_name: 'Acme trgovina d.o.o.',
      oib: '69435151530',
      country: 'HR',
      modules: [0, 1, 2, 3],
    },
    [{ userId: ana, role: 'owner' }],
  );
  await createCompanyWith(
    db,
    { name: 'Bistro Mare', legal_name: 'Bistro Mare j.d.o.o.', country: 'HR', modules: [2] },
    [
      { userId: ana, role: 'member' },
      { userId: marko, role: 'member' },
    ],
  );
  await seedCrmDemo(db, DEMO.owner, log);
  await seedDealsDemo(db, DEMO.owner, log);
  log.warn(`demo data seeded: ${DEMO.owner} and ${DEMO.member}, password ${DEMO.password}`);
}
