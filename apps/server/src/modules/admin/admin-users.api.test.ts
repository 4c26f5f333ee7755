import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, tokenFromMail } from '../../test-support/smtp-capture.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let root: string;
let rootId: number;
let acme: number;
let bistro: number;
let hidden: number;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ smtpUrl: smtp.url });
  rootId = await t.user('root@example.com', { is_admin: true });
  root = await t.login('root@example.com');
  acme = await t.company('Acme', [0, 2]);
  bistro = await t.company('Bistro', [0]);
  hidden = await t.company('Hidden', [0]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (payload: object) => t.call(root, { method: 'POST', url: '/api/admin/users', payload });
const post = (token: string, url: string) => t.call(token, { method: 'POST', url });
const activate = (token: string, full_name = 'Ana Anić', password = 'a fine long passphrase') =>
  t.app.inject({ method: 'POST', url: `/api/activate/${token}`, payload: { full_name, password } });

describe('invitation end to end through a real SMTP server', () => {
  it('invite → mail → activate with the token → sign in → only the assigned companies', async () => {
    const since = smtp.mails.length;
    const res = await invite({
      email: 'Ana@Example.com',
      full_name: 'Ana',
      language: 'en',
      memberships: [
        { company_id: acme, role: 'admin' },
        { company_id: bistro, role: 'member' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: expect.any(Number),
      email: 'ana@example.com',
      status: 'invited',
      is_admin: false,
      language: 'en',
    });
    expect(
      data.memberships.map((m: { company_name: string; role: string }) => [m.company_name, m.role]),
    ).toEqual([
      ['Acme', 'admin'],
      ['Bistro', 'member'],
    ]);
    expect(data).not.toHaveProperty('password_hash');

    const mail = await smtp.waitFor('ana@example.com', since);
    expect(mail.text).toContain('http://kontora.test/#/activate/');
    // Not signed in yet: an invited account has no password.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ana@example.com', password: 'a fine long passphrase' },
    });
    expect(early.statusCode).toBe(401);

    const activated = await activate(tokenFromMail(mail, 'activate'));
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data).toMatchObject({ email: 'ana@example.com', full_name: 'Ana Anić' });

    const token = await t.login('ana@example.com', 'a fine long passphrase');
    const companies = await t.call(token, { method: 'GET', url: '/api/me/companies' });
    expect(companies.json().data.items.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([
      ['Acme', 'admin'],
      ['Bistro', 'member'],
    ]);
    expect(companies.json().data.total).toBe(2);
    expect((await t.call(token, { method: 'GET', url: `/api/company-modules/${hidden}` })).statusCode).toBe(
      403,
    );
    const after = (await t.call(root, { method: 'GET', url: `/api/admin/users/${data.id}` })).json().data;
    expect(after.status).toBe('active');
  });

  it('re-sending the invitation invalidates the previous link', async () => {
    const since = smtp.mails.length;
    const id = (await invite({ email: 'resend@example.com', full_name: 'Resend', language: 'de' })).json()
      .data.id;
    const first = tokenFromMail(await smtp.waitFor('resend@example.com', since), 'activate');

    const since2 = smtp.mails.length;
    const res = await post(root, `/api/admin/users/${id}/resend-invitation`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    const secondMail = await smtp.waitFor('resend@example.com', since2);
    const second = tokenFromMail(secondMail, 'activate');
    expect(second).not.toBe(first);

    const old = await activate(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('invalid_token');
    expect((await activate(second)).statusCode).toBe(200);

    const again = await post(root, `/api/admin/users/${id}/resend-invitation`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', details: { status: ['not_invited'] } });
    expect((await post(root, '/api/admin/users/999999/resend-invitation')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/users', () => {
  it('refuses a duplicate email, whatever its case, with 409 email_taken', async () => {
    await t.user('taken@example.com');
    const res = await invite({ email: 'TAKEN@example.com', full_name: 'Dup' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', details: { email: ['email_taken'] } });
  });

  it('validates the body with per-field details and names unknown companies', async () => {
    const bad = await invite({
      email: 'nope',
      full_name: '',
      memberships: [{ company_id: acme, role: 'boss' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      email: ['invalid_email'],
      full_name: ['required'],
      'memberships.0.role': ['invalid_role'],
    });
    const dup = await invite({
      email: 'dupcompany@example.com',
      full_name: 'Dup',
      memberships: [
        { company_id: acme, role: 'member' },
        { company_id: acme, role: 'admin' },
      ],
    });
    expect(dup.json().details).toEqual({ 'memberships.1.company_id': ['duplicate_company'] });
    const unknown = await invite({
      email: 'unknown-company@example.com',
      full_name: 'Nobody',
      memberships: [{ company_id: 999_999, role: 'member' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({ 'memberships.0.company_id': ['not_found'] });
    // Nothing was created by the refused invitation.
    expect((await invite({ email: 'unknown-company@example.com', full_name: 'Now' })).statusCode).toBe(201);
  });
});

describe('GET /api/admin/users', () => {
  it('searches by email or name, filters by status and company, and pages', async () => {
    await t.user('list-one@people.test');
    await t.user('list-two@people.test');
    const three = await t.user('list-three@people.test');
    await t.ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', three).execute();

    const all = await t.call(root, { method: 'GET', url: '/api/admin/users?q=people.test&limit=2' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.total).toBe(3);
    expect(all.json().data.items).toHaveLength(2);
    const disabled = await t.call(root, {
      method: 'GET',
      url: '/api/admin/users?q=people.test&status=disabled',
    });
    expect(disabled.json().data.items.map((u: { email: string }) => u.email)).toEqual([
      'list-three@people.test',
    ]);
    const ofAcme = await t.call(root, { method: 'GET', url: `/api/admin/users?company_id=${acme}` });
    expect(ofAcme.json().data.items.map((u: { email: string }) => u.email)).toEqual(['ana@example.com']);
    expect(ofAcme.json().data.items[0]).toMatchObject({ company_count: 2 });
    expect((await t.call(root, { method: 'GET', url: '/api/admin/users?status=gone' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('changes name, language and replaces memberships', async () => {
    const id = await t.user('patch-me@example.com');
    const res = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { full_name: 'Patched', language: 'it', memberships: [{ company_id: acme, role: 'member' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ full_name: 'Patched', language: 'it' });
    expect(res.json().data.memberships).toEqual([
      expect.objectContaining({ company_id: acme, role: 'member' }),
    ]);

    const token = await t.login('patch-me@example.com');
    expect((await t.call(token, { method: 'GET', url: `/api/company-modules/${acme}` })).statusCode).toBe(
      200,
    );
    const moved = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { memberships: [{ company_id: bistro, role: 'owner' }] },
    });
    expect(moved.json().data.memberships.map((m: { company_id: number }) => m.company_id)).toEqual([bistro]);
    // Access follows at once.
    expect((await t.call(token, { method: 'GET', url: `/api/company-modules/${acme}` })).statusCode).toBe(
      403,
    );
    expect((await t.call(token, { method: 'GET', url: `/api/company-modules/${bistro}` })).statusCode).toBe(
      200,
    );

    // Dropping the only owner of a company is refused, and nothing of the request is applied.
    const drop = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { full_name: 'Should not stick', memberships: [] },
    });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().details).toEqual({ role: ['last_owner'] });
    const unchanged = (await t.call(root, { method: 'GET', url: `/api/admin/users/${id}` })).json().data;
    expect(unchanged.full_name).toBe('Patched');
    expect(unchanged.memberships).toHaveLength(1);
  });

  it('answers 404 for an unknown person and 400 for unknown fields', async () => {
    expect(
      (await t.call(root, { method: 'PATCH', url: '/api/admin/users/999999', payload: {} })).statusCode,
    ).toBe(404);
    const res = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${rootId}`,
      payload: { email: 'x@y.z' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('superusers', () => {
  it('the last active superuser cannot lose the flag or disable themselves', async () => {
    const demote = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${rootId}`,
      payload: { is_admin: false },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().details).toEqual({ is_admin: ['last_superuser'] });
    const self = await post(root, `/api/admin/users/${rootId}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().details).toEqual({ status: ['cannot_disable_self'] });

    // An invited superuser does not count: they cannot run anything yet.
    await invite({ email: 'future-root@example.com', full_name: 'Future', is_admin: true });
    expect(
      (
        await t.call(root, {
          method: 'PATCH',
          url: `/api/admin/users/${rootId}`,
          payload: { is_admin: false },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('with a second superuser the flag can go, and the change applies to live sessions at once', async () => {
    const secondId = await t.user('second-root@example.com', { is_admin: true });
    const second = await t.login('second-root@example.com');
    expect((await t.call(second, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(200);

    const res = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${secondId}`,
      payload: { is_admin: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_admin).toBe(false);
    expect((await t.call(second, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
    expect((await t.call(second, { method: 'GET', url: '/api/me' })).json().data.is_admin).toBe(false);
  });
});

describe('disable and enable', () => {
  it('disabling ends every live session at once; enabling lets the person sign in again', async () => {
    const id = await t.user('leaver@example.com');
    const tokenA = await t.login('leaver@example.com');
    const tokenB = await t.login('leaver@example.com');
    expect((await t.call(tokenA, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const res = await post(root, `/api/admin/users/${id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('disabled');
    expect((await t.call(tokenA, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.call(tokenB, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'leaver@example.com', password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    // Disabling twice changes nothing.
    expect((await post(root, `/api/admin/users/${id}/disable`)).statusCode).toBe(200);

    const enabled = await post(root, `/api/admin/users/${id}/enable`);
    expect(enabled.json().data.status).toBe('active');
    await t.login('leaver@example.com');
  });

  it('an invited person comes back as invited', async () => {
    const id = (await invite({ email: 'paused@example.com', full_name: 'Paused' })).json().data.id;
    expect((await post(root, `/api/admin/users/${id}/disable`)).json().data.status).toBe('disabled');
    expect((await post(root, `/api/admin/users/${id}/resend-invitation`)).statusCode).toBe(409);
    expect((await post(root, `/api/admin/users/${id}/enable`)).json().data.status).toBe('invited');
    expect((await post(root, '/api/admin/users/999999/enable')).statusCode).toBe(404);
    expect((await post(root, '/api/admin/users/999999/disable')).statusCode).toBe(404);
  });
});
