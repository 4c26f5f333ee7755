import type { LiveServerMessage } from '@kontora/contract/live';
import type { Notification } from '@kontora/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectSubscribed, type LiveTestClient, settled } from '../../test-support/live-client.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { noticePublishFailed } from '../social-accounts/social-notices.service.ts';
import { pruneNotificationsJob } from './notifications.jobs.ts';

let t: TestApp;
let smtp: SmtpCapture;
let ana: string;
let ben: string;
let cleo: string;
let dora: string;
let anaId: number;
let benId: number;
let cleoId: number;
let doraId: number;
let acme: number;
let beta: number;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const base = await createTestApp();
  await base.close();
  t = await createTestApp({ smtpUrl: smtp.url, jobs: { ...base.ctx.config.jobs, pollMs: 20 } });
  anaId = await t.user('ana@example.com');
  benId = await t.user('ben@example.com');
  cleoId = await t.user('cleo@example.com');
  doraId = await t.user('dora@example.com');
  acme = await t.company(
    'Acme',
    [2, 3],
    [
      { userId: anaId, role: 'owner' },
      { userId: benId, role: 'member' },
      { userId: cleoId, role: 'member' },
    ],
  );
  // Dora's own company: what happens in it is hers alone.
  beta = await t.company('Beta', [2], [{ userId: doraId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  ben = await t.login('ben@example.com');
  cleo = await t.login('cleo@example.com');
  dora = await t.login('dora@example.com');
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
  await smtp.close();
});

const list = async (token: string, query = '') => {
  const res = await t.call(token, { method: 'GET', url: `/api/me/notifications${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Notification[]; next_cursor: string | null };
};
const unread = async (token: string) =>
  (await t.call(token, { method: 'GET', url: '/api/me/notifications/unread-count' })).json().data
    .count as number;
const readOne = (token: string, id: number) =>
  t.call(token, { method: 'POST', url: `/api/me/notifications/${id}/read` });
const readAll = (token: string) => t.call(token, { method: 'POST', url: '/api/me/notifications/read-all' });
const setChoice = async (token: string, choice: Record<string, { mail: boolean; in_app: boolean }>) => {
  const res = await t.call(token, {
    method: 'PATCH',
    url: '/api/me',
    payload: { notification_preferences: choice },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const newest = async (token: string) => (await list(token)).items[0];

async function todo(token: string, company: number, body: Record<string, unknown>) {
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${company}/events`,
    payload: { start_at: new Date(Date.now() + 86_400_000).toISOString(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
}

async function customer(token: string, company: number, name: string) {
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${company}/customers`,
    payload: { first_name: name, last_name: 'Customer' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const note = async (token: string, company: number, customerId: number, body: string) => {
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${company}/customers/${customerId}/timeline`,
    payload: { body },
  });
  expect(res.statusCode, res.body).toBe(201);
};

const isNotification = (m: LiveServerMessage) => m.type === 'notification';

describe('a to-do assigned to someone', () => {
  it('tells the assignee only, live on their own sockets, with a link naming the company', async () => {
    const benSocket = await injectSubscribed(t.app, open, ben, acme);
    const anaSocket = await injectSubscribed(t.app, open, ana, acme);
    const cleoSocket = await injectSubscribed(t.app, open, cleo, acme);
    const before = await unread(ben);
    const e = await todo(ana, acme, { title: 'Call the bank', assignee_id: benId });
    const message = await benSocket.next(isNotification);
    // Delivered in one pass: had the others been sent it, it would be there by their pong.
    await settled(anaSocket);
    await settled(cleoSocket);
    expect(anaSocket.messages.filter(isNotification)).toEqual([]);
    expect(cleoSocket.messages.filter(isNotification)).toEqual([]);
    expect(await unread(ben)).toBe(before + 1);
    const item = await newest(ben);
    expect(message).toEqual({ type: 'notification', id: item?.id });
    expect(item).toMatchObject({
      kind: 'todo_assigned',
      company_id: acme,
      company_name: 'Acme',
      data: { title: 'Call the bank', actor_name: 'ana' },
      read_at: null,
    });
    expect(item?.link).toMatch(
      new RegExp(`^#/company/calendar\\?date=\\d{4}-\\d\\d-\\d\\d&company=${acme}$`),
    );
    expect((await list(ana)).items.some((n) => n.kind === 'todo_assigned')).toBe(false);
    expect(e.id).toBeGreaterThan(0);
  });

  it('is not told to whoever assigns it to themselves; a change of assignee tells the new one', async () => {
    const before = await unread(ben);
    const e = await todo(ben, acme, { title: 'My own', assignee_id: benId });
    expect(await unread(ben)).toBe(before);
    const res = await t.call(ben, {
      method: 'PATCH',
      url: `/api/companies/${acme}/events/${e.id}`,
      payload: { assignee_id: cleoId, version: e.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await newest(cleo)).toMatchObject({
      kind: 'todo_assigned',
      data: { title: 'My own', actor_name: 'ben' },
    });
  });
});

describe('mentions in customer notes', () => {
  it('tells each member named by a token once, not the writer, not a non-member', async () => {
    const c = await customer(ana, acme, 'Mia');
    const [benBefore, anaBefore, doraBefore] = [await unread(ben), await unread(ana), await unread(dora)];
    await note(
      ana,
      acme,
      c,
      `Ask @[Ben](user:${benId}) and @[Ana](user:${anaId}) — @[Ben again](user:${benId}), @[Dora](user:${doraId}), @Cleo`,
    );
    expect(await unread(ben)).toBe(benBefore + 1);
    expect(await unread(ana)).toBe(anaBefore);
    expect(await unread(dora)).toBe(doraBefore);
    expect((await list(cleo)).items.some((n) => n.kind === 'mention')).toBe(false);
    const item = await newest(ben);
    expect(item).toMatchObject({ kind: 'mention', data: { actor_name: 'ana' } });
    expect(item?.link).toBe(`#/company/customer/${c}?company=${acme}`);
  });
});

describe('reading', () => {
  it('marks one read, and another person or company cannot read it (404)', async () => {
    const item = await newest(ben);
    if (!item) throw new Error('Ben has notifications');
    expect((await readOne(ana, item.id)).statusCode).toBe(404);
    expect((await readOne(dora, item.id)).statusCode).toBe(404);
    expect((await readOne(ben, 2_000_000_000)).statusCode).toBe(404);
    const before = await unread(ben);
    const res = await readOne(ben, item.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await unread(ben)).toBe(before - 1);
    expect((await newest(ben))?.read_at).not.toBeNull();
    expect((await list(ben, '?unread=1')).items.map((n) => n.id)).not.toContain(item.id);
    // Reading it again changes nothing.
    expect((await readOne(ben, item.id)).statusCode).toBe(204);
  });

  it('marks all read', async () => {
    await todo(ana, acme, { title: 'One more', assignee_id: benId });
    expect(await unread(ben)).toBeGreaterThan(0);
    const res = await readAll(ben);
    expect(res.statusCode, res.body).toBe(200);
    expect(await unread(ben)).toBe(0);
    expect((await list(ben, '?unread=1')).items).toEqual([]);
  });

  it('refuses a cursor that is not its own (400)', async () => {
    const res = await t.call(ben, { method: 'GET', url: '/api/me/notifications?cursor=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('cursor');
  });

  it('pages newest first', async () => {
    for (let i = 0; i < 21; i++) await todo(ana, acme, { title: `Paged ${i}`, assignee_id: cleoId });
    const first = await list(cleo);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.data.title).toBe('Paged 20');
    expect(first.next_cursor).not.toBeNull();
    const second = await list(cleo, `?cursor=${first.next_cursor}`);
    expect(second.items.length).toBeGreaterThan(0);
    expect(Math.max(...second.items.map((n) => n.id))).toBeLessThan(
      Math.min(...first.items.map((n) => n.id)),
    );
  });
});

describe('preferences', () => {
  it('are both on by default and are changed through PATCH /api/me, kind by kind', async () => {
    const me = (await t.call(dora, { method: 'GET', url: '/api/me' })).json().data;
    expect(me.notification_preferences.todo_assigned).toEqual({ mail: true, in_app: true });
    const changed = await setChoice(dora, { mention: { mail: true, in_app: false } });
    expect(changed.notification_preferences.mention).toEqual({ mail: true, in_app: false });
    expect(changed.notification_preferences.todo_assigned).toEqual({ mail: true, in_app: true });
    const bad = await t.call(dora, {
      method: 'PATCH',
      url: '/api/me',
      payload: { notification_preferences: { mention: { mail: 'yes', in_app: true }, nonsense: {} } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toBeDefined();
  });

  it('in-app off: nothing under the bell', async () => {
    await setChoice(cleo, { todo_assigned: { mail: true, in_app: false } });
    const before = await unread(cleo);
    await todo(ana, acme, { title: 'Quiet', assignee_id: cleoId });
    expect(await unread(cleo)).toBe(before);
    await setChoice(cleo, { todo_assigned: { mail: true, in_app: true } });
  });

  it('a reminder: under the bell and by mail; mail off: only under the bell', async () => {
    const remind = async (title: string) => {
      await todo(ana, acme, {
        title,
        assignee_id: benId,
        start_at: new Date(Date.now() + 1_500).toISOString(),
        reminders: [0],
      });
      const item = await waitFor(async () =>
        (await list(ben)).items.find((n) => n.data.title === title && n.kind === 'todo_reminder'),
      );
      expect(item).toMatchObject({
        company_id: acme,
        link: expect.stringMatching(/^#\/company\/calendar\?date=/),
      });
      await t.ctx.jobs.drain();
      return smtp.mails.filter((m) => m.subject.includes(title));
    };
    expect(await remind('Remind by mail')).toHaveLength(1);
    await setChoice(ben, { todo_reminder: { mail: false, in_app: true } });
    expect(await remind('Remind quietly')).toHaveLength(0);
    await setChoice(ben, { todo_reminder: { mail: true, in_app: true } });
  }, 30_000);

  it('a failed publish: under the bell and by mail, each as chosen', async () => {
    const facts = {
      companyId: acme,
      postId: 1,
      account: 'Acme on X',
      network: 'x',
      reason: 'refused',
      post: 'Launch',
    };
    const mailsTo = () => smtp.mails.filter((m) => m.to.includes('ben@example.com')).length;
    const sent = mailsTo();
    await noticePublishFailed(t.ctx, t.ctx.db, benId, facts);
    await t.ctx.jobs.drain();
    expect(mailsTo()).toBe(sent + 1);
    expect(await newest(ben)).toMatchObject({
      kind: 'post_publish_failed',
      data: { title: 'Launch', network: 'X' },
      link: `#/company/social/posts/1?company=${acme}`,
    });
    await setChoice(ben, { post_publish_failed: { mail: false, in_app: false } });
    const count = (await list(ben)).items.length;
    await noticePublishFailed(t.ctx, t.ctx.db, benId, facts);
    await t.ctx.jobs.drain();
    expect(mailsTo()).toBe(sent + 1);
    expect((await list(ben)).items.length).toBe(count);
  });
});

describe('invitations and leaving', () => {
  it('an invitation of a person with an account is under their bell, linking to their invitations', async () => {
    const res = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/invitations`,
      payload: { email: 'dora@example.com', role: 'member' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.jobs.drain();
    expect(await newest(dora)).toMatchObject({
      kind: 'invitation',
      company_id: acme,
      company_name: 'Acme',
      data: { title: 'Acme', actor_name: 'ana' },
      link: '#/companies',
    });
    expect(beta).toBeGreaterThan(0);
  });

  it('notifications of a company the person left are not shown, nor readable', async () => {
    await todo(ana, acme, { title: 'Before leaving', assignee_id: cleoId });
    const item = await newest(cleo);
    if (!item) throw new Error('Cleo has notifications');
    expect(await unread(cleo)).toBeGreaterThan(0);
    const res = await t.call(ana, { method: 'DELETE', url: `/api/companies/${acme}/members/${cleoId}` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await unread(cleo)).toBe(0);
    expect((await list(cleo)).items).toEqual([]);
    expect((await readOne(cleo, item.id)).statusCode).toBe(404);
  });
});

describe('keeping', () => {
  it('removes notifications older than 90 days, read or not, and keeps newer ones', async () => {
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const row = (title: string, days: number) => ({
      user_id: anaId,
      company_id: acme,
      kind: 'mention',
      record_id: null,
      route: '/company/dashboard',
      data: JSON.stringify({ title }),
      dedupe_key: `keep:${title}`,
      created_at: at(days),
    });
    await t.ctx.db
      .insertInto('notifications')
      .values([row('old', 91), row('recent', 89)])
      .execute();
    await t.ctx.jobs.enqueue(t.ctx.db, pruneNotificationsJob, {});
    await t.ctx.jobs.drain();
    const titles = (await list(ana)).items.map((n) => n.data.title);
    expect(titles).toContain('recent');
    expect(titles).not.toContain('old');
  });
});

async function waitFor<T>(what: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await what();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
