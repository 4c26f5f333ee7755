import { isLanguage } from '@kontora/contract/limits';
import { safeTimeZone, toZonedDate } from '@kontora/contract/time-zone';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { renderReminderMail } from '../../mail/reminder-templates.ts';
import { recordChange } from '../change-feed/change-feed.service.ts';
import { companyProfile, companyTimeZone } from '../companies/companies.service.ts';
import { isMember } from '../members/members.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findUserById } from '../users/users.service.ts';
import { findOccurrenceRow, listOccurrenceRows } from './event-occurrences.repository.ts';
import { type EventRow, findEventRow } from './events.repository.ts';
import { remindersOf } from './events.service.ts';
import { occurrencesFrom } from './recurrence-expand.ts';

/*
 * Reminders (decision 018). Each reminder of the to-do's next occurrence is a
 * job due at its time, enqueued in the transaction that creates or changes the
 * to-do, so it survives restarts with the job store. Every change bumps the
 * to-do's `version` and queues a fresh set; a job whose version is no longer
 * the to-do's does nothing — that is how a moved, completed or deleted to-do
 * cancels its earlier reminders without a cancel call on either engine. The
 * idempotency key (to-do, occurrence, minutes, version) keeps each one single.
 * When a series' reminder fires, the next occurrence's are queued (a chain).
 */
export const eventReminderJob = defineJob(
  'events.reminder',
  z.object({
    company_id: z.number().int(),
    event_id: z.number().int(),
    /** The occurrence's original start (a single to-do: its start). */
    occurrence_start: z.string(),
    minutes: z.number().int().min(0),
    version: z.number().int(),
  }),
  { maxAttempts: 5, backoff: { baseMs: 15_000, maxMs: 10 * 60_000 } },
);

/** Occurrences looked at to find the next open one. */
const LOOKAHEAD = 60;

type Due = { occurrence_start: string; start_at: string; minutes: number };

/**
 * For each reminder, the next occurrence (not done, not deleted) whose
 * reminder time is still after `after`. Each reminder is its own chain, so a
 * "two days before" of a daily to-do is not starved by the occurrence between.
 */
async function nextReminders(
  db: Database,
  row: EventRow,
  reminders: number[],
  after: number,
): Promise<Due[]> {
  if (!row.recurrence) {
    if (row.done) return [];
    return reminders
      .filter((m) => Date.parse(row.start_at) - m * 60_000 > after)
      .map((minutes) => ({ occurrence_start: row.start_at, start_at: row.start_at, minutes }));
  }
  const tz = safeTimeZone(await companyTimeZone(db, row.company_id));
  const diffs = new Map(
    (await listOccurrenceRows(db, row.company_id, [row.id])).map((d) => [d.occurrence_start, d]),
  );
  const series = { ...row, recurrence: row.recurrence };
  const due: Due[] = [];
  for (const minutes of reminders) {
    const from = new Date(after + minutes * 60_000).toISOString();
    for (const o of occurrencesFrom(series, tz, from, LOOKAHEAD)) {
      const diff = diffs.get(o.occurrence_start);
      if (diff?.cancelled || diff?.done) continue;
      const start = diff?.start_at ?? o.start_at;
      if (Date.parse(start) - minutes * 60_000 <= after) continue;
      due.push({ occurrence_start: o.occurrence_start, start_at: start, minutes });
      break;
    }
  }
  return due;
}

/**
 * Queues the reminders of a to-do's next occurrence, with `db` (the
 * transaction of the change). Nothing for a to-do without reminders or
 * assignee. `only`: one reminder's chain (when that reminder has just fired).
 */
export async function scheduleReminders(
  ctx: AppContext,
  db: Database,
  companyId: number,
  eventId: number,
  opts: { after?: number; only?: number } = {},
): Promise<void> {
  const row = await findEventRow(db, companyId, eventId);
  if (!row || row.assignee_id === null) return;
  const reminders = remindersOf(row).filter((m) => opts.only === undefined || m === opts.only);
  if (reminders.length === 0) return;
  for (const due of await nextReminders(db, row, reminders, opts.after ?? Date.now())) {
    const { occurrence_start, minutes } = due;
    await ctx.jobs.enqueue(
      db,
      eventReminderJob,
      { company_id: companyId, event_id: eventId, occurrence_start, minutes, version: row.version },
      {
        runAt: new Date(Date.parse(due.start_at) - minutes * 60_000),
        idempotencyKey: `${eventId}:${occurrence_start}:${minutes}:v${row.version}`,
      },
    );
  }
}

export function registerEventReminderJobs(ctx: AppContext): void {
  ctx.jobs.handle(eventReminderJob, async (p) => {
    const row = await findEventRow(ctx.db, p.company_id, p.event_id);
    // Deleted, or changed since (a newer set of reminders was queued with the change).
    if (!row || row.version !== p.version || row.assignee_id === null) return;
    let startAt = row.start_at;
    if (row.recurrence) {
      const diff = await findOccurrenceRow(ctx.db, p.company_id, p.event_id, p.occurrence_start);
      if (diff?.cancelled || diff?.done) return;
      startAt = diff?.start_at ?? p.occurrence_start;
    } else if (row.done) {
      return;
    }
    const assigneeId = row.assignee_id;
    const person = await findUserById(ctx.db, assigneeId);
    const member = await isMember(ctx.db, p.company_id, assigneeId);
    const company = await companyProfile(ctx, p.company_id);
    const timeZone = safeTimeZone(company.time_zone);
    await ctx.db.transaction().execute(async (trx) => {
      const key = `${p.event_id}:${p.occurrence_start}:${p.minutes}`;
      // The bell and the mail, as the person chose (both unless they said otherwise).
      const { mail: wantsMail } = await notify(ctx, trx, {
        userId: assigneeId,
        companyId: p.company_id,
        kind: 'todo_reminder',
        recordId: p.event_id,
        route: `/company/calendar?date=${toZonedDate(startAt, timeZone)}`,
        data: { title: row.title, start_at: startAt },
        dedupeKey: `reminder:${key}`,
      });
      if (wantsMail && person?.status === 'active' && member) {
        const language = isLanguage(person.language) ? person.language : 'hr';
        const mail = renderReminderMail(language, {
          to: person.email,
          appUrl: ctx.config.appUrl,
          companyId: p.company_id,
          title: row.title,
          company: company.name,
          startAt,
          allDay: Boolean(row.all_day),
          timeZone,
        });
        // Keyed without the version: one mail per reminder, even if this job runs twice.
        await ctx.jobs.enqueue(trx, sendMailJob, mail, { idempotencyKey: `reminder:${key}` });
      }
      // The on-screen reminder (live updates) reads this from the change feed.
      await recordChange(trx, {
        companyId: p.company_id,
        type: 'event.reminder_due',
        entity: { type: 'event', id: p.event_id },
        version: row.version,
        actor: { kind: 'system' },
        data: {
          occurrence_start: p.occurrence_start,
          minutes: p.minutes,
          assignee_id: assigneeId,
          title: row.title,
          start_at: startAt,
        },
      });
      // A series: this reminder for the next occurrence (the chain).
      if (row.recurrence) {
        const firedAt = Date.parse(startAt) - p.minutes * 60_000;
        await scheduleReminders(ctx, trx, p.company_id, p.event_id, { after: firedAt, only: p.minutes });
      }
    });
  });
}
