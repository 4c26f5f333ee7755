import type { CustomerStatus } from '@kontora/contract/customers';
import type { EventPriority, EventType } from '@kontora/contract/events';

/**
 * The demo companies' customers and to-dos, written as tables so that they read
 * like a CRM export. Parsed once by `crm-demo.seed.ts`.
 */

export type DemoCustomer = {
  type: 'person' | 'organisation';
  first: string | null;
  last: string | null;
  organisation: string | null;
  status: CustomerStatus;
  city: string;
  country: string;
  tags: string[];
  source: string | null;
  note: string | null;
};

export type DemoEvent = {
  /** Days from today (negative: in the past). */
  day: number;
  /** Hour of the day (UTC); null: all day. */
  hour: number | null;
  /** Length in minutes; null: a point in time (or the whole day). */
  minutes: number | null;
  type: EventType;
  priority: EventPriority;
  /** Index into the company's customer list. */
  customer: number | null;
  done: boolean;
  /** Assigned to the company's second demo member instead of the first. */
  other: boolean;
  title: string;
  location: string | null;
};

const cells = (line: string) => line.split('|').map((cell) => cell.trim());
const rows = (table: string) =>
  table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map(cells);
const orNull = (cell: string | undefined) => (cell ? cell : null);

/**
 * `kind | name | status | city | country | tags | source | note`; kind `p` (a
 * person: first word the first name; `@ Org` adds their organisation) or `o`.
 */
function customers(table: string): DemoCustomer[] {
  return rows(table).map(([kind, name = '', status, city = '', country = 'HR', tags = '', source, note]) => {
    const [person = '', organisation] = name.split('@').map((s) => s.trim());
    const [first = '', ...last] = person.split(' ');
    return {
      type: kind === 'p' ? 'person' : 'organisation',
      first: kind === 'p' ? first : null,
      last: kind === 'p' ? last.join(' ') : null,
      organisation: kind === 'p' ? orNull(organisation) : name,
      status: status as CustomerStatus,
      city,
      country,
      tags: tags.split(' ').filter(Boolean),
      source: orNull(source),
      note: orNull(note),
    };
  });
}

/** `day | hour | minutes | type | priority | customer | flags | title | location`; flags `done`, `other`. */
function events(table: string): DemoEvent[] {
  return rows(table).map(
    ([day, hour, minutes, type, priority, customer, flags = '', title = '', location]) => ({
      day: Number(day),
      hour: hour ? Number(hour) : null,
      minutes: minutes ? Number(minutes) : null,
      type: type as EventType,
      priority: (priority || 'normal') as EventPriority,
      customer: customer ? Number(customer) : null,
      done: flags.includes('done'),
      other: flags.includes('other'),
      title,
      location: orNull(location),
    }),
  );
}

/** Oldest first: spread over the last twelve months in this order (ACME_PER_MONTH). */
export const ACME_CUSTOMERS = customers(`
  # kind | name                              | status    | city           | country | tags                  | source     | note
  o | Jadran Logistika d.o.o.                 | customer  | Rijeka         | HR | b2b logistics         | referral   |
  p | Ivana Horvat                            | customer  | Zagreb         | HR | vip                   | website    |
  o | Panonija Agro d.d.                      | customer  | Osijek         | HR | b2b wholesale         | trade fair |
  p | Klaus Müller @ Müller Handel GmbH       | inactive  | München        | DE | export                | trade fair |
  p | Tomislav Babić                          | customer  | Split          | HR | b2c                   | website    |
  o | Velebit Gradnja d.o.o.                  | customer  | Gospić         | HR | construction b2b      | cold call  |
  p | Giulia Rossi @ Rossi Import S.r.l.      | customer  | Trieste        | IT | export partner        | partner    |
  p | Marija Kovačević                        | prospect  | Zadar          | HR | tourism               | newsletter |
  o | Istra Turist d.o.o.                     | customer  | Pula           | HR | tourism vip           | referral   | Renews the yearly contract every March.
  p | Luka Marić                              | customer  | Zagreb         | HR | it                    | website    |
  p | Petra Jurić                             | inactive  | Varaždin       | HR | b2c                   | newsletter |
  o | Drava Energija d.o.o.                   | prospect  | Koprivnica     | HR | energy b2b            | trade fair |
  p | Ana Novak @ Novak Medika obrt           | customer  | Karlovac       | HR | health                | referral   |
  p | Jan Novák                               | prospect  | Brno           | CZ | export                | website    |
  o | Kvarner Digital d.o.o.                  | customer  | Opatija        | HR | it partner            | partner    |
  p | Josip Knežević                          | prospect  | Slavonski Brod | HR | b2c warm              | cold call  |
  p | Sophie Schmidt                          | customer  | Wien           | AT | export                | trade fair |
  o | Zagorje Drvo d.o.o.                     | prospect  | Krapina        | HR | wholesale             | cold call  |
  p | Katarina Vuković                        | customer  | Dubrovnik      | HR | tourism vip           | referral   |
  p | Filip Tomić                             | lead      | Sisak          | HR | cold                  | newsletter |
  o | Dalmacija Sol j.d.o.o.                  | prospect  | Ston           | HR | retail                | website    | Asked for a quote for 200 units; call back after the season.
  p | Maja Pavlović                           | customer  | Zagreb         | HR | b2c                   | website    |
  p | Marco Bianchi                           | lead      | Milano         | IT | export warm           | trade fair |
  o | Sava Servis d.o.o.                      | customer  | Zagreb         | HR | support b2b           | referral   |
  p | Nikola Božić                            | prospect  | Šibenik        | HR | hot                   | website    |
  p | Lucija Grgić                            | lead      | Čakovec        | HR | newsletter            | newsletter |
  o | Prima Tehno d.o.o.                      | lead      | Zagreb         | HR | it hot                | cold call  |
  p | Hrvoje Šimić                            | customer  | Vukovar        | HR | public-sector         | referral   |
  p | Lucía García                            | lead      | Barcelona      | ES | export                | website    |
  p | Martina Perić                           | prospect  | Zagreb         | HR | warm                  | referral   |
  o | Eko Vita d.o.o.                         | lead      | Samobor        | HR | retail warm           | trade fair |
  p | Goran Radić                             | lead      | Split          | HR | cold                  | cold call  |
  p | Emma Smith @ Smith & Partners Ltd       | lead      | London         | GB | partner               | partner    |
  p | Damir Filipović                         | prospect  | Rijeka         | HR | hot b2b               | website    |
  o | Terra Gradnja d.o.o.                    | lead      | Velika Gorica  | HR | construction          | website    |
  p | Tena Lučić                              | lead      | Zagreb         | HR | b2c                   | newsletter |
  p | Dmitri Ivanov                           | lead      | Ljubljana      | SI | export                | trade fair |
  p | Iva Blažević                            | lead      | Osijek         | HR | warm                  | website    |
  o | Adria Medika d.o.o.                     | lead      | Zadar          | HR | health hot            | referral   |
  p | Krešimir Galić                          | lead      | Zagreb         | HR | referral              | referral   |
`);
/** How many customers fall in each of the last twelve months, oldest first (sums to the list's length). */
export const ACME_PER_MONTH = [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 6];

export const ACME_EVENTS = events(`
  # day | hour | min | type   | priority | customer | flags | title                                   | location
  -6 | 8  |    | email    |        | 8  | done | Send the renewal offer                              |
  -4 | 9  | 60 | meeting  |        | 0  | done | Quarterly review with Jadran Logistika              | Rijeka office
  -3 | 12 | 15 | call     | high   | 20 |      | Call back about the quote                           |
  -2 |    |    | task     |        |    |      | Prepare the price list for next year                |
  -1 | 13 | 30 | call     | high   | 22 |      | Follow up after the trade fair                      |
  -1 | 7  |    | email    |        | 23 | done | Invoice reminder                                    |
  0  | 8  | 30 | call     | high   | 26 |      | Intro call with Prima Tehno                         |
  0  | 13 | 60 | meeting  |        | 33 |      | Demo for Damir Filipović                            | Video call
  0  |    |    | task     | low    |    |      | Tidy up the customer list                           |
  1  | 15 |    | deadline | urgent | 11 |      | Contract draft for Drava Energija                   |
  2  | 11 | 90 | meeting  |        | 14 |      | Lunch with Kvarner Digital                          | Opatija
  3  | 8  |    | email    |        | 38 |      | Send the brochure                                   |
  4  | 9  | 15 | call     |        | 29 |      | Call Martina Perić                                  |
  7  | 8  | 60 | meeting  |        |    |      | Team planning                                       | Meeting room 1
  10 |    |    | deadline | urgent | 27 |      | Tender deadline: City of Vukovar                    |
`);

export const BISTRO_CUSTOMERS = customers(`
  o | Hotel Lavanda d.o.o.                    | customer  | Hvar           | HR | tourism               | referral   |
  p | Zoran Matić                             | customer  | Split          | HR | supplier              | partner    |
  o | Ribarnica Brač obrt                     | prospect  | Supetar        | HR | supplier              | cold call  |
  p | Vesna Kos                               | lead      | Makarska       | HR | catering              | website    |
  p | Stjepan Mlinarić                        | lead      | Trogir         | HR |                       | newsletter |
`);
export const BISTRO_PER_MONTH = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1];

export const BISTRO_EVENTS = events(`
  -1 | 7  | 15  | call     |        | 2  | done other | Order fish for the weekend                 |
  1  | 10 | 120 | meeting  |        | 0  |            | Menu tasting for Hotel Lavanda             | Bistro Mare
  3  | 16 |     | deadline | high   | 3  | other      | Confirm the wedding catering               |
`);
