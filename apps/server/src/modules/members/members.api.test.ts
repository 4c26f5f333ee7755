import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, tokenFromMail } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let acme: number;
let other: number;
let owner: string;
let admin: string;
let member: string;
let ownerId: number;
let adminId: number;
let memberId: number;
let strangerId: number;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ smtpUrl: smtp.url });
  ownerId = await t.user('owner@acme.test', { language: 'de' });
  adminId = await t.user('admin@acme.test');
  memberId = await t.user('member@acme.test');
  strangerId = await t.user('stranger@other.test');
  acme = await t.company(
    'Acme',
    [0],
    [
      { userId: ownerId, role: 'owner' },
      { userId: adminId, role: 'admin' },
      { userId: memberId, role: 'member' },
    ],
  );
  other = await t.company('Other', [0], [{ userId: strangerId, role: 'owner' }]);
  owner = await t.login('owner@acme.test');
  admin = await t.login('admin@acme.test');
  member = await t.login('member@acme.test');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const url = (userId?: number) => `/api/companies/${acme}/members${userId === undefined ? '' : `/${userId}`}`;
const list = async (token = owner) => (await t.call(token, { method: 'GET', url: url() })).json().data.items;
const roleOf = async (userId: number) =>
  (await list()).find((m: { user_id: number }) => m.user_id === userId)?.role as string | undefined;

describe('GET /api/companies/:companyId/members', () => {
  it('lists the team with roles and status, no secrets, to every member', async () => {
    const items = await list(member);
    expect(items.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['admin@acme.test', 'admin'],
      ['member@acme.test', 'member'],
      ['owner@acme.test', 'owner'],
    ]);
    expect(items[0]).toEqual({
      user_id: adminId,
      email: 'admin@acme.test',
      full_name: 'admin',
      status: 'active',
      role: 'admin',
      created_at: expect.any(String),
    });
  });
});

describe('adding people (by invitation: invitations.api.test.ts has the whole flow)', () => {
  const invite = (token: string, payload: object) =>
    t.call(token, { method: 'POST', url: `/api/companies/${acme}/invitations`, payload });

  it('invites someone new: an invited account and a mail in the inviter’s language; activating joins', async () => {
    const since = smtp.mails.length;
    const res = await invite(owner, { email: 'Newbie@Acme.test', role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.invitation).toMatchObject({
      email: 'newbie@acme.test',
      status: 'pending',
      role: 'member',
    });
    const mail = await smtp.waitFor('newbie@acme.test', since);
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/activate/${tokenFromMail(mail, 'activate')}`,
      payload: { full_name: 'New Bie', password: 'a long enough passphrase' },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data.language).toBe('de');
    expect(await roleOf(activated.json().data.id)).toBe('member');
  });

  it('no longer adds an existing person by email: they are not a member until they accept', async () => {
    const res = await invite(admin, { email: 'stranger@other.test', role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.invitation).not.toHaveProperty('user_id');
    expect(await roleOf(strangerId)).toBeUndefined();
    const current = await invite(admin, { email: 'member@acme.test', role: 'admin' });
    expect(current.statusCode).toBe(409);
    expect(current.json().details).toEqual({ email: ['already_member'] });
  });

  it('refuses bad input with per-field details', async () => {
    const res = await invite(owner, { email: 'x', role: 'king' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ email: ['invalid_email'], role: ['invalid_role'] });
  });
});

describe('changing roles and removing members', () => {
  it('admins cannot make, demote or remove owners (role_too_low); owners can', async () => {
    const res = await t.call(admin, { method: 'PATCH', url: url(memberId), payload: { role: 'owner' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role_too_low');
    expect(
      (await t.call(admin, { method: 'PATCH', url: url(ownerId), payload: { role: 'member' } })).statusCode,
    ).toBe(403);
    expect((await t.call(admin, { method: 'DELETE', url: url(ownerId) })).statusCode).toBe(403);
    expect(await roleOf(ownerId)).toBe('owner');
  });

  it('the last owner can be neither demoted nor removed (409); with a second owner both work', async () => {
    const demote = await t.call(owner, { method: 'PATCH', url: url(ownerId), payload: { role: 'admin' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'conflict', details: { role: ['last_owner'] } });
    expect((await t.call(owner, { method: 'DELETE', url: url(ownerId) })).statusCode).toBe(409);

    const promote = await t.call(owner, { method: 'PATCH', url: url(adminId), payload: { role: 'owner' } });
    expect(promote.json().data.role).toBe('owner');
    const stepDown = await t.call(owner, { method: 'PATCH', url: url(ownerId), payload: { role: 'admin' } });
    expect(stepDown.statusCode).toBe(200);
    // Restore: the new owner hands the role back.
    await t.call(admin, { method: 'PATCH', url: url(ownerId), payload: { role: 'owner' } });
    await t.call(owner, { method: 'PATCH', url: url(adminId), payload: { role: 'admin' } });
    expect(await roleOf(adminId)).toBe('admin');
  });

  it('two owners demoting each other at the same moment leave exactly one owner', async () => {
    const company = await t.company(
      'Race',
      [0],
      [
        { userId: ownerId, role: 'owner' },
        { userId: adminId, role: 'owner' },
      ],
    );
    const demote = (token: string, userId: number) =>
      t.call(token, {
        method: 'PATCH',
        url: `/api/companies/${company}/members/${userId}`,
        payload: { role: 'member' },
      });
    const results = await Promise.all([demote(owner, adminId), demote(admin, ownerId)]);
    // The loser is refused either by the last-owner rule (409) or, when the winner committed before its
    // access check, because it is no longer an owner (403).
    const [first, second] = results.map((r) => r.statusCode).sort();
    expect(first).toBe(200);
    expect([403, 409]).toContain(second);
    const items = (await t.call(owner, { method: 'GET', url: `/api/companies/${company}/members` })).json()
      .data.items;
    expect(items.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
  });

  it('a role change applies to the person’s very next request', async () => {
    const helperId = await t.user('helper@acme.test');
    const invited = await t.call(owner, {
      method: 'POST',
      url: `/api/companies/${acme}/invitations`,
      payload: { email: 'helper@acme.test', role: 'admin' },
    });
    const helper = await t.login('helper@acme.test');
    const accept = `/api/me/invitations/${invited.json().data.invitation.id}/accept`;
    expect((await t.call(helper, { method: 'POST', url: accept })).statusCode).toBe(200);
    let n = 0;
    const tryInvite = () =>
      t.call(helper, {
        method: 'POST',
        url: `/api/companies/${acme}/invitations`,
        payload: { email: `via-helper-${++n}@acme.test`, role: 'member' },
      });
    expect((await tryInvite()).statusCode).toBe(201);
    await t.call(owner, { method: 'PATCH', url: url(helperId), payload: { role: 'member' } });
    expect((await tryInvite()).statusCode).toBe(403);

    const removed = await t.call(owner, { method: 'DELETE', url: url(helperId) });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const after = await t.call(helper, { method: 'GET', url: url() });
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('not_member');
  });

  it('a person of another company is 404 here, and the company comes only from the path', async () => {
    expect(
      (await t.call(owner, { method: 'PATCH', url: url(strangerId), payload: { role: 'admin' } })).statusCode,
    ).toBe(404);
    expect((await t.call(owner, { method: 'DELETE', url: url(strangerId) })).statusCode).toBe(404);
    expect((await t.call(owner, { method: 'DELETE', url: url(999_999) })).statusCode).toBe(404);
    expect((await t.call(owner, { method: 'DELETE', url: `${url()}/abc` })).statusCode).toBe(404);
    // Acme's owner cannot reach into Other's team.
    const cross = await t.call(owner, {
      method: 'DELETE',
      url: `/api/companies/${other}/members/${strangerId}`,
    });
    expect(cross.statusCode).toBe(403);
  });
});
