import { CustomerCreateBody, type CustomerCreateInput } from '@kontora/contract/customers';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { completeCustomer, newCustomerRow } from '../modules/customers/customer-dto.ts';
import { insertCustomers } from '../modules/customers/customers.repository.ts';
import {
  insertActivities,
  type NewActivity,
} from '../modules/customers/timeline/customer-activities.repository.ts';
import { spanOf } from '../modules/events/event-span.ts';
import { insertEvent, type NewEvent } from '../modules/events/events.repository.ts';
import { type Random, randomOib, randomSource } from './bulk-data.ts';
import {
  ACME_CUSTOMERS,
  ACME_EVENTS,
  ACME_PER_MONTH,
  BISTRO_CUSTOMERS,
  BISTRO_EVENTS,
  BISTRO_PER_MONTH,
  type DemoCustomer,
  type DemoEvent,
} from './crm-demo-data.ts';

/**
 * CRM demo data: customers and to-dos for the demo companies, so that a fresh
 * install shows a CRM with some history (the dashboard's chart has a shape, the
 * to-do list has something overdue, something for today, something done).
 *
 * Rows go in through the same row builders and repository functions as the
 * API's, with `created_at` set in the past: the insert triggers keep the
 * per-company counters (by status and by month of creation) and the full-text
 * index right, exactly as for customers created through the API.
 *
 * A company that already has customers is left alone, so a restart (or a second
 * call) never duplicates anything.
 */

const ACME = 'Acme d.o.o.';
const BISTRO = 'Bistro Mare';

const DAY_MS = 86_400_000;

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

function createBody(c: DemoCustomer, random: Random, ownerId: number | null): CustomerCreateInput {
  const croatian = c.country === 'HR';
  const common = {
    status: c.status,
    country: c.country,
    address: c.city,
    phone: croatian
      ? `+385 ${random.pick(['91', '92', '95', '98', '99'])} ${100 + random.int(900)} ${1000 + random.int(9000)}`
      : null,
    owner_id: ownerId,
    tags: c.tags,
    source: c.source,
  };
  if (c.type === 'organisation') {
    const organisation = c.organisation ?? '';
    const domain = `${ascii(organisation.split(' ').slice(0, 2).join(''))}.${croatian ? 'hr' : 'com'}`;
    return {
      ...common,
      type: 'organisation',
      organisation_name: organisation,
      email: `info@${domain}`,
      website: `https://www.${domain}`,
      oib: croatian ? randomOib(random) : null,
    };
  }
  const first = c.first ?? '';
  const last = c.last ?? '';
  return {
    ...common,
    type: 'person',
    first_name: first,
    last_name: last,
    organisation_name: c.organisation,
    email: `${ascii(first)}.${ascii(last)}@${random.pick(['gmail.com', 't-com.hr', 'net.hr', 'outlook.com'])}`,
    // Some private persons gave their OIB (for invoices).
    oib: croatian && random.next() < 0.4 ? randomOib(random) : null,
  };
}

/** Creation times spread over the last twelve months as `perMonth` says, never in the future. */
function creationTimes(perMonth: readonly number[], random: Random, now: Date): string[] {
  const times: string[] = [];
  perMonth.forEach((count, i) => {
    const monthsAgo = perMonth.length - 1 - i;
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1);
    const span = Math.min(28 * DAY_MS, now.getTime() - start);
    const inMonth = Array.from({ length: count }, () => start + Math.floor(random.next() * span)).sort(
      (a, b) => a - b,
    );
    for (const t of inMonth) times.push(new Date(Math.min(t, now.getTime() - 60_000)).toISOString());
  });
  return times;
}

async function seedCompany(
  db: Database,
  companyId: number,
  memberIds: readonly number[],
  customers: readonly DemoCustomer[],
  perMonth: readonly number[],
  events: readonly DemoEvent[],
  now: Date,
): Promise<{ customers: number; events: number }> {
  const random = randomSource(companyId * 7919);
  const [first = null, second = first] = memberIds;
  const times = creationTimes(perMonth, random, now);
  const rows = customers.map((c, i) => {
    // Most have an owner; a few leads came in unassigned.
    const owner = c.status === 'lead' && random.next() < 0.3 ? null : i % 4 === 3 ? second : first;
    const fields = completeCustomer(CustomerCreateBody.parse(createBody(c, random, owner)));
    return newCustomerRow(companyId, fields, { userId: first, at: times[i] ?? now.toISOString() });
  });
  const ids = await db.transaction().execute(async (trx) => {
    const ids = await insertCustomers(
      trx,
      rows,
      rows.map((r) => JSON.parse(r.tags ?? '[]') as string[]),
    );
    await insertActivities(
      trx,
      ids.flatMap((id, i) => {
        const at = rows[i]?.created_at ?? now.toISOString();
        const created = { company_id: companyId, customer_id: id, author_id: first, created_at: at };
        const note = customers[i]?.note;
        const entries: NewActivity[] = [{ ...created, kind: 'created', body: null, changes: null }];
        if (note) entries.push({ ...created, kind: 'note', body: note, changes: null });
        return entries;
      }),
    );
    for (const e of events) await insertEvent(trx, demoEventRow(e, companyId, ids, first, second, now));
    return ids;
  });
  // The seed runs before the app answers (main.ts): no list answer is cached yet to drop.
  return { customers: ids.length, events: events.length };
}

function demoEventRow(
  e: DemoEvent,
  companyId: number,
  customerIds: readonly number[],
  first: number | null,
  second: number | null,
  now: Date,
): NewEvent {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const allDay = e.hour === null;
  const start = new Date(today + e.day * DAY_MS + (e.hour ?? 0) * 3_600_000).toISOString();
  const end = e.minutes ? new Date(Date.parse(start) + e.minutes * 60_000).toISOString() : null;
  const created = new Date(Math.min(Date.parse(start), now.getTime()) - 3 * DAY_MS).toISOString();
  const assignee = e.other ? second : first;
  return {
    company_id: companyId,
    title: e.title,
    description: null,
    type: e.type,
    start_at: start,
    end_at: end,
    ...spanOf({ start_at: start, end_at: end, all_day: allDay }),
    all_day: allDay,
    done: e.done,
    completed_at: e.done ? (end ?? start) : null,
    priority: e.priority,
    assignee_id: assignee,
    customer_id: e.customer === null ? null : (customerIds[e.customer] ?? null),
    reminder_minutes: allDay ? null : 15,
    location: e.location,
    version: 1,
    created_by: first,
    updated_by: first,
    created_at: created,
    updated_at: created,
  };
}

async function demoCompany(db: Database, name: string, ownerEmail: string) {
  // By name and demo member: a real company that happens to share the name is never touched.
  const company = await db
    .selectFrom('companies as c')
    .innerJoin('memberships as m', 'm.company_id', 'c.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('c.id')
    .where('c.name', '=', name)
    .where('u.email', '=', ownerEmail)
    .executeTakeFirst();
  if (!company) return undefined;
  const hasCustomers = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', company.id)
    .limit(1)
    .executeTakeFirst();
  if (hasCustomers) return undefined;
  // In the order they joined (then by account): Ana before Marko in the demo.
  const members = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('company_id', '=', company.id)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return { id: company.id, memberIds: members.map((m) => m.user_id) };
}

/**
 * Fills the demo companies' CRM (those that exist, have `demoMemberEmail` as a member and no
 * customer yet); answers what it added.
 */
export async function seedCrmDemo(
  db: Database,
  demoMemberEmail: string,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<{ customers: number; events: number }> {
  const total = { customers: 0, events: 0 };
  const plans = [
    { name: ACME, customers: ACME_CUSTOMERS, perMonth: ACME_PER_MONTH, events: ACME_EVENTS },
    { name: BISTRO, customers: BISTRO_CUSTOMERS, perMonth: BISTRO_PER_MONTH, events: BISTRO_EVENTS },
  ];
  for (const plan of plans) {
    const company = await demoCompany(db, plan.name, demoMemberEmail);
    if (!company) continue;
    const added = await seedCompany(
      db,
      company.id,
      company.memberIds,
      plan.customers,
      plan.perMonth,
      plan.events,
      now,
    );
    total.customers += added.customers;
    total.events += added.events;
  }
  if (total.customers) log?.info(total, 'CRM demo data seeded');
  return total;
}
