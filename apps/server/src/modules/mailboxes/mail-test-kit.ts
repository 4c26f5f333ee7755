import { expect } from 'vitest';
import type { BuildOptions } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import type { Dovecot } from '../../test-support/dovecot.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { syncMailboxJob } from './mailbox-jobs.ts';

/**
 * What the mailbox API tests share: an app whose jobs run at once and that may reach
 * loopback. Without the IDLE watch unless asked (its runs would come between a test's own).
 */
export function startMailTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  return createTestApp(
    {
      jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
      // Dovecot listens on loopback, which the outbound address rules refuse unless listed.
      webhookAllowedHosts: ['127.0.0.1'],
      mailboxes: { ...defaults.mailboxes, idleMax: 0 },
      ...overrides,
    },
    options,
  );
}

/** Calls of the app made later (it is started in `beforeAll`), hence the getter. */
export function mailCalls(app: () => TestApp) {
  const url = (company: number, rest = '') => `/api/companies/${company}${rest}`;
  async function ok<T>(token: string, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) {
    const res = await app().call(token, { method, url: path, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as T;
  }
  /** One sync run of the mailbox, waited for. */
  async function syncNow(companyId: number, mailboxId: number): Promise<void> {
    const t = app();
    await t.ctx.jobs.enqueue(t.ctx.db, syncMailboxJob, { company_id: companyId, mailbox_id: mailboxId });
    await t.ctx.jobs.drain(30_000);
  }
  /** A person customer of the company with this email; answers its id. */
  const customer = (token: string, companyId: number, first_name: string, email: string) =>
    ok<{ id: number }>(token, 'POST', url(companyId, '/customers'), {
      type: 'person',
      first_name,
      email,
    }).then((p) => p.id);
  /** The mailbox's row as stored (claims, requests, state). */
  const mailboxRow = (companyId: number, id: number) =>
    app()
      .ctx.db.selectFrom('mailboxes')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  return { url, ok, syncNow, customer, mailboxRow };
}

/** IMAP settings for a user of the test server. */
export const imapOf = (dovecot: Dovecot, username: string, password: string) => ({
  host: dovecot.host,
  port: dovecot.port,
  security: 'none',
  username,
  password,
});
