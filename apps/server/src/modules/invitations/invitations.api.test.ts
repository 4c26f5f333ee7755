import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, tokenFromMail } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let acme: number;
let other: number;
let owner: string;
let admin: string;
let outsider: string;
let seq = 0;
const fresh = (prefix: string) => `${prefix}-${++seq}@invite.test`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ smtpUrl: smtp.url });
  const ownerId = await t.user('owner@acme.test', { language: 'de' });
  const adminId = await t.user('admin@acme.test');
  const outsiderId = await t.user('outsider@other.test');
  acme = await t.company(
    'Acme',
    [0],
    [
      { userId: ownerId, role: 'owner' },
      { userId: adminId, role: 'admin' },
    ],
  );
  other = await t.company('Other', [0], [{ userId: outsiderId, role: 'owner' }]);
  owner = await t.login('owner@acme.test');
  admin = await t.login('admin@acme.test');
  outsider = await t.login('outsider@other.test');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invitations = (companyId = acme) => `/api/companies/${companyId}/invitations`;
const invite = (token: string, email: string, role = 'member', companyId = acme) =>
  t.call(token, { method: 'POST', url: invitations(companyId), payload: { email, role } });
const teamEmails = async () =>
  (await t.call(owner, { method: 'GET', url: `/api/companies/${acme}/members` }))
    .json()
    .data.items.map((m: { email: string }) => m.email);
const myInvitations = async (token: string) =>
  (await t.call(token, { method: 'GET', url: '/api/me/invitations' })).json().data.items;
/** A new person with an account, signed in. */
async function person(language = 'en') {
  const email = fresh('person');
  const id = await t.user(email, { language });
  return { id, email, token: await t.login(email) };
}
/** The shape of an invitation answer with what may differ between two answers blanked out. */
const shapeOf = (body: { data: { invitation: Record<string, unknown> } }) => ({
  ...body,
  data: { invitation: { ...body.data.invitation, id: 0, email: '', expires_at: '', created_at: '' } },
});

describe('inviting by email', () => {
  it('answers the same whether or not the email has an account, and names no one', async () => {
    const known = await person();
    const existing = await invite(owner, known.email);
    const unknown = await invite(owner, fresh('nobody'));
    expect(existing.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    expect(Object.keys(existing.json().data.invitation).sort()).toEqual(
      ['created_at', 'email', 'expires_at', 'id', 'role', 'status'].sort(),
    );
    expect(existing.json().data.invitation).toMatchObject({
      email: known.email,
      role: 'member',
      status: 'pending',
    });
    expect(shapeOf(existing.json())).toEqual(shapeOf(unknown.json()));
  });

  it('names the offered role in words in the invitation of an existing person', async () => {
    const known = await person('en');
    const since = smtp.countFor(known.email);
    await invite(owner, known.email, 'admin');
    const mail = await smtp.readMail(known.email, { since });
    expect(mail.text).toContain('owner invited you to join Acme on Kontora as an administrator.');
  });

  it('does not make an existing person a member until they accept; then member.added is recorded', async () => {
    const known = await person('it');
    const since = smtp.countFor(known.email);
    const { invitation } = (await invite(owner, known.email, 'admin')).json().data;
    expect(await teamEmails()).not.toContain(known.email);
    const pending = (await t.call(owner, { method: 'GET', url: invitations() })).json().data.items;
    expect(pending.map((i: { id: number }) => i.id)).toContain(invitation.id);

    const mail = await smtp.readMail(known.email, { since });
    expect(mail.subject).toContain('Acme');
    expect(mail.text).toContain('amministratore');
    expect(tokenFromMail(mail, 'invitation')).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const mine = await myInvitations(known.token);
    expect(mine).toEqual([
      {
        id: invitation.id,
        company_id: acme,
        company_name: 'Acme',
        role: 'admin',
        status: 'pending',
        invited_by: 'owner',
        expires_at: invitation.expires_at,
      },
    ]);
    const before = (await readChanges(t.ctx, acme, 0, 10_000)).length;
    const accepted = await t.call(known.token, {
      method: 'POST',
      url: `/api/me/invitations/${invitation.id}/accept`,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ company_id: acme, status: 'accepted' });
    expect(await teamEmails()).toContain(known.email);
    expect(
      (await t.call(known.token, { method: 'GET', url: `/api/companies/${acme}/members` })).statusCode,
    ).toBe(200);
    const changes = (await readChanges(t.ctx, acme, 0, 10_000)).slice(before);
    expect(changes).toMatchObject([
      { type: 'member.added', entity: { type: 'member', id: known.id }, data: { role: 'admin' } },
    ]);
    expect(await myInvitations(known.token)).toEqual([]);
    // Answered once: a second answer is refused, the list no longer shows it.
    const again = await t.call(known.token, {
      method: 'POST',
      url: `/api/me/invitations/${invitation.id}/decline`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invitation_answered');
  });

  it('someone without an account gets an invited account and activation mail, and lands in the company', async () => {
    const email = fresh('newcomer');
    const { invitation } = (await invite(owner, email)).json().data;
    expect(await teamEmails()).not.toContain(email);
    const mail = await smtp.readMail(email);
    // It names the company and who invited, and says how long the link lasts: as long as the invitation.
    expect(mail.text).toContain('owner hat Sie eingeladen, Acme in Kontora beizutreten.');
    expect(mail.text).toContain('Der Link ist 14 Tage gültig');
    const link = await t.ctx.db
      .selectFrom('one_time_tokens as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select('o.expires_at')
      .where('u.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(new Date(link.expires_at).toISOString()).toBe(invitation.expires_at);
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/activate/${tokenFromMail(mail, 'activate')}`,
      payload: { full_name: 'New Comer', password: 'a long enough passphrase' },
    });
    expect(activated.statusCode).toBe(200);
    // The inviter's language, as before invitations.
    expect(activated.json().data.language).toBe('de');
    expect(await teamEmails()).toContain(email);
  });

  it('the activation page opens in the invitation’s language with the typed name, also after a re-send', async () => {
    const email = fresh('german');
    // The owner's profile says German; the screen they invite from shows Italian.
    const sent = await t.call(owner, {
      method: 'POST',
      url: invitations(),
      payload: { email, role: 'member', full_name: 'Greta Gruber', language: 'it' },
    });
    expect(sent.statusCode).toBe(201);
    // Re-sent by the admin (another language): a new link, the same language.
    await smtp.readMail(email);
    const resent = await t.call(admin, {
      method: 'POST',
      url: `${invitations()}/${sent.json().data.invitation.id}/resend`,
    });
    expect(resent.statusCode).toBe(200);
    const token = tokenFromMail(await smtp.readMail(email, { since: 1 }), 'activate');
    const preview = await t.app.inject({ method: 'GET', url: `/api/activate/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({ full_name: 'Greta Gruber', language: 'it' });

    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/activate/${token}`,
      payload: { full_name: 'Greta G.', password: 'a long enough passphrase' },
    });
    expect(activated.json().data).toMatchObject({ full_name: 'Greta G.', language: 'it' });
    // Used: the link opens nothing any more, and a made-up one never did.
    for (const used of [token, 'x'.repeat(43)]) {
      const gone = await t.app.inject({ method: 'GET', url: `/api/activate/${used}` });
      expect(gone.statusCode).toBe(400);
      expect(gone.json().code).toBe('invalid_token');
    }
  });

  it('refuses an invitation language outside the six with per-field details', async () => {
    const res = await t.call(owner, {
      method: 'POST',
      url: invitations(),
      payload: { email: fresh('klingon'), role: 'member', language: 'tlh' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details)).toEqual(['language']);
  });

  it('refuses a current member and a second pending invitation (both on the team screen already)', async () => {
    const member = await invite(owner, 'admin@acme.test');
    expect(member.statusCode).toBe(409);
    expect(member.json().details).toEqual({ email: ['already_member'] });
    const email = fresh('twice');
    expect((await invite(owner, email)).statusCode).toBe(201);
    const twice = await invite(admin, email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details).toEqual({ email: ['already_invited'] });
  });

  it('keeps owners to owners: an admin can neither invite nor revoke an owner', async () => {
    expect((await invite(admin, fresh('boss'), 'owner')).statusCode).toBe(403);
    const { invitation } = (await invite(owner, fresh('boss'), 'owner')).json().data;
    const revoke = await t.call(admin, { method: 'DELETE', url: `${invitations()}/${invitation.id}` });
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json().code).toBe('role_too_low');
  });
});

describe('answering', () => {
  it('declining leaves the person out and the invitation off every list', async () => {
    const known = await person();
    const { invitation } = (await invite(owner, known.email)).json().data;
    const declined = await t.call(known.token, {
      method: 'POST',
      url: `/api/me/invitations/${invitation.id}/decline`,
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status).toBe('declined');
    expect(await teamEmails()).not.toContain(known.email);
    expect(await myInvitations(known.token)).toEqual([]);
    const pending = (await t.call(owner, { method: 'GET', url: invitations() })).json().data.items;
    expect(pending.map((i: { id: number }) => i.id)).not.toContain(invitation.id);
  });

  it('a revoked invitation can no longer be accepted, by id or by its link', async () => {
    const known = await person();
    const since = smtp.countFor(known.email);
    const { invitation } = (await invite(owner, known.email)).json().data;
    const token = tokenFromMail(await smtp.readMail(known.email, { since }), 'invitation');
    expect(
      (await t.call(owner, { method: 'DELETE', url: `${invitations()}/${invitation.id}` })).statusCode,
    ).toBe(204);
    expect(await myInvitations(known.token)).toEqual([]);
    const byId = await t.call(known.token, {
      method: 'POST',
      url: `/api/me/invitations/${invitation.id}/accept`,
    });
    expect(byId.statusCode).toBe(409);
    expect(
      (await t.call(known.token, { method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode,
    ).toBe(400);
    expect(await teamEmails()).not.toContain(known.email);
  });

  it('an expired invitation is refused, shows as expired, and a re-send makes it good again', async () => {
    const known = await person();
    const { invitation } = (await invite(owner, known.email)).json().data;
    // The first mail has arrived, so the one after the re-send is the new link.
    await smtp.readMail(known.email);
    await t.ctx.db
      .updateTable('company_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('company_id', '=', acme)
      .where('id', '=', invitation.id)
      .execute();
    const late = await t.call(known.token, {
      method: 'POST',
      url: `/api/me/invitations/${invitation.id}/accept`,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invitation_expired');
    const listed = (await t.call(owner, { method: 'GET', url: invitations() })).json().data.items;
    expect(listed.find((i: { id: number }) => i.id === invitation.id)?.status).toBe('expired');

    const since = smtp.countFor(known.email);
    const resent = await t.call(owner, { method: 'POST', url: `${invitations()}/${invitation.id}/resend` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.invitation.status).toBe('pending');
    const token = tokenFromMail(await smtp.readMail(known.email, { since }), 'invitation');
    expect(
      (await t.call(known.token, { method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode,
    ).toBe(200);
    expect(await teamEmails()).toContain(known.email);
  });

  it('the mail link shows company and role to anyone holding it, answers once, only for its own person', async () => {
    const known = await person();
    const since = smtp.countFor(known.email);
    await invite(owner, known.email, 'member');
    const token = tokenFromMail(await smtp.readMail(known.email, { since }), 'invitation');
    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ company_name: 'Acme', role: 'member', status: 'pending' });
    expect(preview.body).not.toContain(known.email);
    // Someone else signed in cannot use it; signed out, it needs a sign-in.
    expect(
      (await t.call(outsider, { method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(undefined, { method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode,
    ).toBe(401);
    expect(
      (await t.call(known.token, { method: 'POST', url: `/api/invitations/${token}/decline` })).statusCode,
    ).toBe(200);
    const reused = await t.call(known.token, { method: 'POST', url: `/api/invitations/${token}/accept` });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_token');
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(400);
    expect(await teamEmails()).not.toContain(known.email);
  });
});

describe('company scope', () => {
  it('another company’s invitation is 404 to manage and 404 to answer for someone else', async () => {
    const known = await person();
    const { invitation } = (await invite(outsider, known.email, 'member', other)).json().data;
    // Acme's owner addresses Other's invitation through Acme's path: not found.
    expect(
      (await t.call(owner, { method: 'DELETE', url: `${invitations()}/${invitation.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(owner, { method: 'POST', url: `${invitations()}/${invitation.id}/resend` })).statusCode,
    ).toBe(404);
    // Through Other's path: not a member.
    expect((await t.call(owner, { method: 'GET', url: invitations(other) })).statusCode).toBe(403);
    // Another person cannot answer it.
    const stranger = await person();
    expect(
      (await t.call(stranger.token, { method: 'POST', url: `/api/me/invitations/${invitation.id}/accept` }))
        .statusCode,
    ).toBe(404);
    expect(await myInvitations(known.token)).toMatchObject([{ id: invitation.id, company_name: 'Other' }]);
  });
});
