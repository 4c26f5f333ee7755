import type { CUSTOMER_STATUSES, CustomerStatus, CustomerType } from '@kontora/contract/customers';
import { EVENT_PRIORITIES, EVENT_TYPES } from '@kontora/contract/events';
import { type EditableCustomer, newCustomerRow } from '../modules/customers/customer-dto.ts';
import type { NewCustomer } from '../modules/customers/customers.repository.ts';
import { spanOf } from '../modules/events/event-span.ts';
import type { NewEvent } from '../modules/events/events.repository.ts';

/** Deterministic pseudo-random numbers (mulberry32), so a seeded database looks the same every time. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
export type Random = ReturnType<typeof randomSource>;

const FIRST = [
  'Ivan',
  'Ivana',
  'Marko',
  'Marija',
  'Luka',
  'Ana',
  'Petar',
  'Petra',
  'Josip',
  'Katarina',
  'Tomislav',
  'Maja',
  'Filip',
  'Lucija',
  'Matej',
  'Mia',
  'Karlo',
  'Ema',
  'Nikola',
  'Sara',
  'Dario',
  'Lana',
  'Goran',
  'Nika',
  'Željko',
  'Dragana',
  'Stjepan',
  'Jelena',
  'Zoran',
  'Vesna',
  'Hrvoje',
  'Martina',
  'Damir',
  'Tena',
  'Krešimir',
  'Iva',
  'John',
  'Emma',
  'Lukas',
  'Sophie',
  'Marco',
  'Giulia',
  'Carlos',
  'Lucía',
  'Dmitri',
  'Olga',
  'Jan',
  'Eva',
];
const LAST = [
  'Horvat',
  'Kovačević',
  'Babić',
  'Marić',
  'Jurić',
  'Novak',
  'Kovačić',
  'Knežević',
  'Vuković',
  'Marković',
  'Petrović',
  'Matić',
  'Tomić',
  'Pavlović',
  'Kovač',
  'Božić',
  'Blažević',
  'Grgić',
  'Pavić',
  'Radić',
  'Perić',
  'Šimić',
  'Filipović',
  'Lučić',
  'Vidović',
  'Kos',
  'Mlinarić',
  'Čačić',
  'Đurić',
  'Galić',
  'Müller',
  'Schmidt',
  'Rossi',
  'Bianchi',
  'García',
  'Fernández',
  'Smith',
  'Johnson',
  'Ivanov',
  'Petrov',
  'Novák',
  'Kowalski',
];
const ORG_WORDS = [
  'Adria',
  'Jadran',
  'Dalmacija',
  'Panonija',
  'Sava',
  'Drava',
  'Velebit',
  'Kvarner',
  'Istra',
  'Zagorje',
  'Tehno',
  'Agro',
  'Bio',
  'Eko',
  'Info',
  'Mega',
  'Nova',
  'Prima',
  'Sol',
  'Terra',
  'Vita',
  'Lux',
  'Digital',
  'Logistika',
  'Gradnja',
  'Trgovina',
  'Servis',
  'Consulting',
  'Energija',
  'Medika',
  'Turist',
  'Drvo',
  'Metal',
  'Plastika',
];
const ORG_SUFFIX = ['d.o.o.', 'j.d.o.o.', 'd.d.', 'obrt', 'GmbH', 'S.r.l.', 'Ltd'];
const TAGS = [
  'vip',
  'newsletter',
  'partner',
  'supplier',
  'zagreb',
  'split',
  'rijeka',
  'osijek',
  'export',
  'b2b',
  'b2c',
  'trade-fair',
  'referral',
  'cold',
  'warm',
  'hot',
  'renewal',
  'upsell',
  'support',
  'public-sector',
  'retail',
  'wholesale',
  'it',
  'tourism',
  'construction',
  'health',
  'education',
  'finance',
  'logistics',
  'energy',
];
const SOURCES = ['website', 'referral', 'trade fair', 'cold call', 'newsletter', 'partner', 'import', null];
const DOMAINS = ['gmail.com', 't-com.hr', 'net.hr', 'yahoo.com', 'outlook.com', 'inet.hr', 'example.com'];
/** Status weights: lead 40 %, prospect 25 %, customer 30 %, inactive 5 %. */
const STATUS_WEIGHTS: [CustomerStatus, number][] = [
  ['lead', 0.4],
  ['prospect', 0.65],
  ['customer', 0.95],
  ['inactive', 1],
];

/** A random OIB with a correct ISO 7064 MOD 11,10 check digit. */
export function randomOib(random: Random): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += String(random.int(10));
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(digits[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const check = (11 - a) % 10;
  return `${digits}${check}`;
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** One plausible customer. */
export function randomCustomer(random: Random, ownerIds: readonly number[]): EditableCustomer {
  const type: CustomerType = random.next() < 0.75 ? 'person' : 'organisation';
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const org = `${random.pick(ORG_WORDS)} ${random.pick(ORG_WORDS)} ${random.pick(ORG_SUFFIX)}`;
  const person = type === 'person';
  const roll = random.next();
  const status = STATUS_WEIGHTS.find(([, w]) => roll < w)?.[0] ?? 'lead';
  const tags = new Set<string>();
  for (let i = random.int(4); i > 0; i--) tags.add(random.pick(TAGS));
  const croatian = random.next() < 0.7;
  // Like real addresses: mostly name-based, so the same words recur (emails need not be unique).
  const email = person
    ? `${ascii(first)}.${ascii(last)}${random.next() < 0.6 ? '' : random.int(100)}@${random.pick(DOMAINS)}`
    : `${random.pick(['info', 'office', 'prodaja', 'kontakt'])}@${ascii(org.split(' ')[0] ?? 'firma')}${ascii(org.split(' ')[1] ?? '')}.hr`;
  return {
    type,
    name: person ? `${first} ${last}` : org,
    first_name: person ? first : null,
    last_name: person ? last : null,
    organisation_name: person ? (random.next() < 0.3 ? org : null) : org,
    email: random.next() < 0.9 ? email : null,
    phone:
      random.next() < 0.8
        ? `+385 ${random.pick(['91', '92', '95', '97', '98', '99', '1', '21', '51'])} ${100 + random.int(900)} ${1000 + random.int(9000)}`
        : null,
    website: person
      ? null
      : `https://www.${ascii(org.split(' ')[0] ?? 'firma')}${ascii(org.split(' ')[1] ?? '')}.hr`,
    address: random.next() < 0.6 ? `${random.pick(ORG_WORDS)}ska ulica ${1 + random.int(200)}, Zagreb` : null,
    country: croatian ? 'HR' : random.pick(['DE', 'AT', 'IT', 'SI', 'RS', 'BA', 'US', 'GB']),
    oib: croatian && random.next() < 0.6 ? randomOib(random) : null,
    status: status as (typeof CUSTOMER_STATUSES)[number],
    owner_id: ownerIds.length && random.next() < 0.85 ? random.pick(ownerIds) : null,
    tags: [...tags],
    source: random.pick(SOURCES),
    notes: random.next() < 0.1 ? 'Imported from the old CRM. Prefers contact by email.' : null,
  };
}

const DAY = 86_400_000;

/** A customer row created at a random moment of the last two years. */
export function randomCustomerRow(
  random: Random,
  companyId: number,
  ownerIds: readonly number[],
  now: number,
): { row: NewCustomer; tags: string[] } {
  const customer = randomCustomer(random, ownerIds);
  const created = now - random.int(730 * DAY);
  const row = newCustomerRow(companyId, customer, { userId: null, at: new Date(created).toISOString() });
  row.updated_at = new Date(Math.min(now, created + random.int(60 * DAY))).toISOString();
  return { row, tags: customer.tags };
}

const TITLES = ['Call', 'Meeting with', 'Send offer to', 'Follow up', 'Demo for', 'Contract review', 'Visit'];

/** A to-do spread over a year back and a year ahead; a third of the past ones done. */
export function randomEventRow(
  random: Random,
  companyId: number,
  assigneeIds: readonly number[],
  customerIds: readonly number[],
  now: number,
): NewEvent {
  const allDay = random.next() < 0.15;
  const startMs = allDay
    ? Math.floor((now + (random.int(730) - 365) * DAY) / DAY) * DAY - 3_600_000
    : Math.floor((now + (random.next() * 730 - 365) * DAY) / 900_000) * 900_000;
  const start_at = new Date(startMs).toISOString();
  const end_at = allDay
    ? random.next() < 0.8
      ? null
      : new Date(startMs + (1 + random.int(3)) * DAY).toISOString()
    : random.next() < 0.5
      ? null
      : new Date(startMs + (1 + random.int(8)) * 900_000).toISOString();
  const done = startMs < now && random.next() < 0.66;
  const at = new Date(startMs - random.int(30) * DAY).toISOString();
  return {
    company_id: companyId,
    title: `${random.pick(TITLES)} ${random.pick(LAST)}`,
    description: null,
    type: random.pick(EVENT_TYPES),
    start_at,
    end_at,
    ...spanOf({ start_at, end_at, all_day: allDay }),
    all_day: allDay,
    done,
    completed_at: done ? start_at : null,
    priority: random.pick(EVENT_PRIORITIES),
    assignee_id: assigneeIds.length && random.next() < 0.9 ? random.pick(assigneeIds) : null,
    customer_id: customerIds.length && random.next() < 0.6 ? random.pick(customerIds) : null,
    reminder_minutes: random.next() < 0.3 ? 15 : null,
    location: null,
    version: 1,
    created_by: null,
    updated_by: null,
    created_at: at,
    updated_at: at,
  };
}
