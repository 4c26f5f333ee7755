import type { OwnFieldTarget } from '@kontora/contract/csv-import';
import type { EventImportQuery, EventImportResult } from '@kontora/contract/event-import';
import {
  EVENT_IMPORT_ALIASES,
  EVENT_IMPORT_FIELDS,
  type EventImportField,
} from '@kontora/contract/event-import-values';
import { EVENT_LIMITS, EventCreateBody } from '@kontora/contract/events';
import { fromZonedInput, safeTimeZone } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import {
  importAllOrNothing,
  type PendingRow,
  SAVE_BATCH,
} from '../../lib/csv-import/all-or-nothing-import.ts';
import { headerLookup } from '../../lib/csv-import/csv-mapping.ts';
import { addIssues } from '../../lib/csv-import/csv-rows.ts';
import { readYesNo } from '../../lib/csv-import/csv-yes-no.ts';
import { heldImport } from '../../lib/csv-import/held-import.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import { customerEntryKey, customerIdsByEntry, dealIdsByTitle } from './event-import.repository.ts';
import {
  type HeldTodos,
  importedTodosState,
  importTodos,
  todoImportFinished,
  todosApplied,
} from './event-writes.ts';
import { newTodoRow } from './events.service.ts';

const HEADERS = headerLookup<EventImportField>(EVENT_IMPORT_FIELDS, EVENT_IMPORT_ALIASES);

/** A column's target: a to-do field (to-dos have no own fields: a `custom.…` mapping is refused). */
type Target = EventImportField | OwnFieldTarget;

/** The create body's keys that an import field fills under another name. */
const FIELD_OF_KEY: Readonly<Record<string, EventImportField>> = {
  assignee_id: 'assignee_email',
  customer_id: 'customer',
  deal_id: 'deal',
};

/** What every row is checked against: the company's members and zone, read once per import. */
interface Base {
  members: ReadonlyMap<string, number>;
  /**
   * A wall-clock time (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`) in the company's zone as an instant;
   * null when its day is not a calendar day (2026-02-30).
   */
  zoned: (local: string) => string | null;
}

/** Wall-clock times kept per import: a file repeats its days and hours. */
const ZONED_KEPT = 10_000;

/**
 * fromZonedInput in one zone, remembered: reading a time in a zone asks Intl several times
 * (about 30 µs), and a file's rows share most of their days and hours.
 */
function zonedIn(timeZone: string): Base['zoned'] {
  const kept = new Map<string, string | null>();
  return (local) => {
    let instant = kept.get(local);
    if (instant === undefined) {
      if (kept.size >= ZONED_KEPT) kept.clear();
      instant = isDay(local.slice(0, 10)) ? fromZonedInput(local, timeZone) : null;
      kept.set(local, instant);
    }
    return instant;
  };
}

/** With the customers and deals a batch of rows names, looked up for that batch. */
interface Lookups extends Base {
  customers: Map<string, number[]>;
  deals: Map<string, number[]>;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/;

/** A real calendar day (not 2026-02-30). */
function isDay(date: string): boolean {
  const m = DATE_ONLY.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

/**
 * A time cell as the create body takes it: a day (`2026-05-04`) is its start in the company's
 * zone, a wall-clock time without an offset (`2026-05-04 09:30`) that time in the zone, anything
 * else is passed on for the create's own check (ISO with an offset).
 */
function readTime(cell: string, zoned: Base['zoned']): { value: string; dateOnly: boolean } {
  if (DATE_ONLY.test(cell)) return { value: zoned(cell) ?? cell, dateOnly: true };
  const local = LOCAL_TIME.exec(cell);
  const instant = local ? zoned(`${local[1]}T${local[2]}`) : null;
  if (instant) return { value: instant, dateOnly: false };
  return { value: cell, dateOnly: false };
}

/** A customer or deal cell as the one id it names, else the reason it does not. */
function one(found: number[] | undefined): number | { reason: string } {
  if (found?.length === 1) return found[0] as number;
  return { reason: found?.length ? 'ambiguous' : 'not_found' };
}

/**
 * One row → a to-do's create body (checked as a to-do created by hand), or the reasons it is
 * refused (import field → codes).
 */
function readTodoRow(
  cells: Map<Target, string>,
  reasons: Record<string, string[]>,
  known: Lookups,
): EventCreateBody | null {
  const input: Record<string, unknown> = {};
  let dayOnly = true;
  for (const [field, value] of cells) {
    if (field === 'title' || field === 'description' || field === 'location' || field === 'recurrence')
      input[field] = value;
    else if (field === 'type' || field === 'priority') input[field] = value.toLowerCase();
    else if (field === 'start_at' || field === 'end_at') {
      const time = readTime(value, known.zoned);
      input[field] = time.value;
      dayOnly &&= time.dateOnly;
    } else if (field === 'all_day') {
      const allDay = readYesNo(value);
      if (allDay === undefined) reasons.all_day = ['invalid_boolean'];
      else input.all_day = allDay;
    } else if (field === 'reminder_minutes') {
      const n = Number(value);
      input.reminder_minutes = /^\d+$/.test(value) ? n : value;
    } else if (field === 'assignee_email') {
      const member = known.members.get(value.toLowerCase());
      if (member === undefined) reasons.assignee_email = ['not_member'];
      else input.assignee_id = member;
    } else if (field === 'customer') {
      const id = one(known.customers.get(customerEntryKey(value)));
      if (typeof id === 'number') input.customer_id = id;
      else reasons.customer = [id.reason];
    } else if (field === 'deal') {
      const id = one(known.deals.get(value));
      if (typeof id === 'number') input.deal_id = id;
      else reasons.deal = [id.reason];
    }
  }
  // A row of days only (no time of day) is an all-day to-do unless the file says otherwise.
  if (input.all_day === undefined && cells.has('start_at') && dayOnly && !reasons.all_day)
    input.all_day = true;
  // A row without a title or a start is missing it, whatever zod calls an absent key.
  if (!cells.has('title')) reasons.title = ['required'];
  if (!cells.has('start_at')) reasons.start_at = ['required'];
  const parsed = EventCreateBody.safeParse(input);
  if (!parsed.success)
    addIssues(
      reasons,
      parsed.error.issues.filter((i) => !(typeof i.path[0] === 'string' && reasons[i.path[0]])),
      (key) => FIELD_OF_KEY[key] ?? key,
    );
  if (!parsed.success || Object.keys(reasons).length) return null;
  return parsed.data;
}

async function lookups(
  ctx: AppContext,
  companyId: number,
  base: Base,
  rows: readonly PendingRow<Target>[],
): Promise<Lookups> {
  const customers = rows.flatMap((r) => r.cells.get('customer') ?? []);
  const deals = rows.flatMap((r) => r.cells.get('deal') ?? []);
  return {
    ...base,
    customers: await customerIdsByEntry(ctx.db, companyId, customers),
    deals: await dealIdsByTitle(ctx.db, companyId, deals),
  };
}

/**
 * Staged and all or nothing, as a deal import (lib/csv-import/all-or-nothing-import.ts,
 * docs/decisions/102-todo-csv-import.md): one refused row and no to-do is saved. Otherwise the
 * staged to-dos are created through the write door (event-writes.ts), 500 at a time with one
 * `event.imported` change each and one `event.import_finished` at the end: a failure, a Stop or a
 * crash part-way saves none. PostgreSQL saves in one transaction; SQLite in short ones, the to-dos
 * hidden until the flip (docs/decisions/104-deal-todo-imports-behind-a-switch.md).
 */
export async function importEvents(
  ctx: AppContext,
  actor: Actor,
  file: AsyncIterable<Uint8Array>,
  query: EventImportQuery,
  stopped: () => boolean = () => false,
): Promise<EventImportResult> {
  const { companyId } = actor;
  const timeZone = safeTimeZone(await companyTimeZone(ctx.db, companyId));
  const base: Base = { members: await memberIdsByEmail(ctx.db, companyId), zoned: zonedIn(timeZone) };
  return importAllOrNothing<Target, EventCreateBody, Lookups>(
    {
      db: ctx.db,
      notify: ctx.importProgress.notify,
      who: { companyId, userId: authorIdOf(actor) },
      kind: 'events',
      headers: HEADERS,
      multiLine: new Set<Target>(['description']),
      maxField: EVENT_LIMITS.descriptionMax + 1,
      lookups: (rows) => lookups(ctx, companyId, base, rows),
      readRow: readTodoRow,
      save: (each, rows) =>
        ctx.db.transaction().execute(async (trx) => {
          const state = importedTodosState();
          const created = await each(trx, (batch) => {
            const at = new Date().toISOString();
            return importTodos(
              ctx,
              trx,
              actor,
              state,
              batch.map((body) => newTodoRow(actor, body, at, timeZone)),
            );
          });
          await todoImportFinished(trx, actor, { rows, created, updated: 0, skipped: 0, rejected: 0 });
        }),
      behindSwitch: (importId) => {
        const held: HeldTodos = heldImport(importId, SAVE_BATCH, {
          state: importedTodosState(),
          open: new Map(),
        });
        return {
          batch: (batch, alive) =>
            ctx.db.transaction().execute(async (trx) => {
              await alive(trx);
              const at = new Date().toISOString();
              const rows = batch.map((body) => newTodoRow(actor, body, at, timeZone));
              await importTodos(ctx, trx, actor, held.extra.state, rows, held);
            }),
          flip: (rows, created, applied) =>
            ctx.db.transaction().execute(async (trx) => {
              await applied(trx);
              await todosApplied(trx, actor, held);
              await todoImportFinished(trx, actor, { rows, created, updated: 0, skipped: 0, rejected: 0 });
            }),
        };
      },
    },
    file,
    query,
    stopped,
  );
}
