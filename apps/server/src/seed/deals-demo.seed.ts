import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { demoDealsFor } from '../modules/deals/deals.service.ts';
import { randomSource } from './bulk-data.ts';

/**
 * Deals for the demo company Acme, so that a fresh install shows a living board: about
 * thirty deals across the stages of its Sales pipeline, with organisations and people from
 * its customers, amounts, owners and expected close dates, some won and some lost. They go
 * in through the deals' write door (timeline, change feed, forecast figures as for any
 * deal). A company that already has deals is left alone.
 */

const ACME = 'Acme d.o.o.';

const TITLES = [
  'Annual support contract',
  'Web shop redesign',
  'ERP licences',
  'Office fit-out',
  'Cloud migration',
  'Fleet tracking',
  'Training programme',
  'Security audit',
  'Point of sale terminals',
  'Marketing retainer',
  'Warehouse scanners',
  'Mobile app',
  'Data backup service',
  'Printing contract',
  'Website hosting',
];

export async function seedDealsDemo(
  db: Database,
  ownerEmail: string,
  log?: FastifyBaseLogger,
): Promise<number> {
  const company = await db
    .selectFrom('companies as c')
    .innerJoin('memberships as m', 'm.company_id', 'c.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['c.id', 'u.id as user_id'])
    .where('c.name', '=', ACME)
    .where('u.email', '=', ownerEmail)
    .executeTakeFirst();
  if (!company) return 0;
  const random = randomSource(company.id * 104_729);
  const made = await demoDealsFor(db, { companyId: company.id, userId: company.user_id }, (customers) =>
    Array.from({ length: 30 }, (_, i) => {
      const organisation = customers.organisations.length ? random.pick(customers.organisations) : null;
      const person = customers.people.length && random.next() < 0.6 ? random.pick(customers.people) : null;
      const month = Math.floor(random.next() * 6);
      const day = 1 + Math.floor(random.next() * 27);
      const close = new Date();
      close.setUTCMonth(close.getUTCMonth() + month, day);
      return {
        title: `${TITLES[i % TITLES.length]}${i >= TITLES.length ? ' II' : ''}`,
        amount: Math.round(500 + random.next() * 49_500),
        organisation_id: organisation,
        customer_ids: person === null ? [] : [person],
        expected_close_date: close.toISOString().slice(0, 10),
        // Roughly: a third each in the first stages, fewer further on; some won, a few lost.
        stage_index: random.pick([0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5]),
      };
    }),
  );
  if (made) log?.info(`demo deals seeded: ${made}`);
  return made;
}
