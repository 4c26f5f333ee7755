import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TodoEvent } from '@kontora/contract/events';
import { toZonedDate } from '@kontora/contract/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createActiveUser, createCompanyWith } from '../../seed/accounts.seed.ts';
import { startChildServer } from '../../test-support/child-server.ts';
import { until } from '../../test-support/jobs-harness.ts';
import { appLinksIn, type SmtpCapture, startSmtpCapture } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';

let t: TestApp;
let smtp: SmtpCapture;
let ana: string;
let acme: number;
let anaId: number;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const base = await createTestApp();
  await base.close();
  t = await createTestApp({ smtpUrl: smtp.url, jobs: { ...base.ctx.config.jobs, pollMs: 20 } });
  // Ana reads her mail in German: the reminder comes in her language.
  anaId = await t.user('ana@example.com', { language: 'de' });
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const url = (rest = '') => `/api/companies/${acme}/events${rest}`;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const mailsAbout = (title: string) => smtp.mails.filter((m) => m.subject.includes(title));

async function create(body: Record<string, unknown>) {
  const res = await t.call(ana, { method: 'POST', url: url(), payload: { assignee_id: anaId, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TodoEvent;
}

const reminderJobs = async () =>
  (
    await t.ctx.db
      .selectFrom('jobs')
      .select(['payload', 'run_at', 'state'])
      .where('name', '=', 'events.reminder')
      .execute()
  ).map((j) => ({
    ...(JSON.parse(j.payload) as { event_id: number; occurrence_start: string; minutes: number }),
    run_at: j.run_at,
    state: j.state,
  }));

describe('reminders', () => {
  it('fires once at its time, by mail in the assignee language, and records event.reminder_due', async () => {
    const runAt = Date.now() + 3_000;
    const e = await create({
      title: 'Erinnerung Alpha',
      start_at: new Date(runAt).toISOString(),
      reminders: [0],
    });
    const mail = await smtp.waitFor('ana@example.com', 0, 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(runAt - 50);
    expect(mail.subject).toMatch(/^Erinnerung: Erinnerung Alpha/);
    // Its link opens the to-do's day in the calendar of the to-do's company.
    expect(appLinksIn(mail.text)).toEqual([
      `#/company/calendar?date=${toZonedDate(e.start_at, 'Europe/Zagreb')}&company=${acme}`,
    ]);
    await t.ctx.jobs.drain();
    expect(mailsAbout('Erinnerung Alpha')).toHaveLength(1);
    const feed = await t.ctx.db
      .selectFrom('change_events')
      .select(['type', 'data'])
      .where('company_id', '=', acme)
      .where('entity_id', '=', e.id)
      .where('type', '=', 'event.reminder_due')
      .execute();
    expect(feed).toHaveLength(1);
    expect(JSON.parse(feed[0]?.data ?? '{}')).toMatchObject({ minutes: 0, assignee_id: anaId });
  });

  it('a moved to-do moves its reminder; a completed or deleted one cancels it', async () => {
    const moved = await create({ title: 'Moved Beta', start_at: inMs(2_500), reminders: [0] });
    const done = await create({ title: 'Done Gamma', start_at: inMs(2_500), reminders: [0] });
    const gone = await create({ title: 'Deleted Delta', start_at: inMs(2_500), reminders: [0, 5] });
    const later = inMs(3_600_000);
    await t.call(ana, { method: 'PATCH', url: url(`/${moved.id}`), payload: { start_at: later } });
    await t.call(ana, { method: 'POST', url: url(`/${done.id}/done`) });
    await t.call(ana, { method: 'DELETE', url: url(`/${gone.id}`) });
    // The first reminders come due and do nothing.
    await until(async () => {
      const jobs = await reminderJobs();
      return (
        jobs.filter((j) => [moved.id, done.id].includes(j.event_id) && j.state === 'completed').length === 2
      );
    }, 30_000);
    await t.ctx.jobs.drain();
    expect(mailsAbout('Moved Beta')).toHaveLength(0);
    expect(mailsAbout('Done Gamma')).toHaveLength(0);
    expect(mailsAbout('Deleted Delta')).toHaveLength(0);
    // The moved one waits for its new time.
    const waiting = (await reminderJobs()).filter((j) => j.event_id === moved.id && j.state === 'waiting');
    expect(waiting.map((j) => new Date(j.run_at).toISOString())).toEqual([later]);
  });

  it('a repeating to-do chains to the next occurrence when a reminder fires; a done occurrence is skipped', async () => {
    const first = Date.now() + 2_500;
    const e = await create({
      title: 'Daily Epsilon',
      start_at: new Date(first).toISOString(),
      reminders: [0],
      recurrence: 'FREQ=DAILY;COUNT=5',
    });
    // Completing the second occurrence ahead of time: its reminder is skipped, the third's is next.
    const second = new Date(first + 86_400_000).toISOString();
    const third = new Date(first + 2 * 86_400_000).toISOString();
    await t.call(ana, { method: 'POST', url: url(`/${e.id}/done?occurrence=${encodeURIComponent(second)}`) });
    await until(async () => mailsAbout('Daily Epsilon').length === 1, 30_000);
    await until(
      async () => (await reminderJobs()).some((j) => j.event_id === e.id && j.occurrence_start === third),
      10_000,
    );
    const next = (await reminderJobs()).filter((j) => j.event_id === e.id && j.state === 'waiting');
    expect(next.map((j) => j.occurrence_start)).toEqual([third]);
  });
});

describe('reminders across a crash', { timeout: 180_000 }, () => {
  it('a reminder due while the server is down (kill -9) is sent once after the restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kontora-remind-'));
    const { database, drop } = await createTestDatabase();
    const file = path.join(dir, 'kontora.sqlite');
    const db = createDatabase(database.kind === 'postgres' ? database : { kind: 'sqlite', file }).db;
    const mailbox = await startSmtpCapture();
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${file}`,
      SECRET_KEY: 's'.repeat(64),
      APP_URL: 'http://kontora.test',
      SMTP_URL: mailbox.url,
      JOBS_LEASE_SECONDS: '1',
      JOBS_POLL_MS: '50',
    };
    const children: Awaited<ReturnType<typeof startChildServer>>[] = [];
    try {
      await migrateToLatest(db);
      const userId = await createActiveUser(db, {
        email: 'iva@example.com',
        full_name: 'Iva',
        password: 'a long test passphrase',
        language: 'hr',
      });
      const company = await createCompanyWith(db, { name: 'Crash d.o.o.', modules: [2] }, [
        { userId, role: 'owner' },
      ]);
      const first = await startChildServer(env);
      children.push(first);
      const login = await fetch(`${first.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'iva@example.com', password: 'a long test passphrase' }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const created = await fetch(`${first.url}/api/companies/${company}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: 'Podsjetnik Zeta',
          start_at: inMs(4_000),
          assignee_id: userId,
          reminders: [0],
        }),
      });
      expect(created.status).toBe(201);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(mailbox.mails).toHaveLength(0);

      const second = await startChildServer(env);
      children.push(second);
      const mail = await mailbox.waitFor('iva@example.com', 0, 90_000);
      expect(mail.subject).toMatch(/^Podsjetnik: Podsjetnik Zeta/);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(mailbox.mails).toHaveLength(1);
    } finally {
      for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
      await mailbox.close();
      await db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
