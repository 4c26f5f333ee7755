import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLinksIn } from '../../test-support/smtp-capture.ts';
import {
  browserCookie,
  connectX,
  type SocialKit,
  startTwoCompanies,
} from '../../test-support/social-standins/social-test-kit.ts';

let kit: SocialKit;
let ana: string;
let marko: string;
let eva: string;
let acme: number;
let beta: number;
let crmOnly: number;

beforeAll(async () => {
  let anaId: number;
  ({ kit, anaId, ana, marko, eva, acme, beta } = await startTwoCompanies({ connect: false }));
  crmOnly = await kit.t.company('CRM only', [2], [{ userId: anaId, role: 'owner' }]);
});
afterAll(() => kit.close());

const accounts = (company: number) => `/api/companies/${company}/social/accounts`;

describe('connecting accounts', () => {
  it('connects X through OAuth 2 with PKCE and stores the tokens sealed', async () => {
    const id = await connectX(kit, ana, acme);
    const list = await kit.t.call(ana, { method: 'GET', url: accounts(acme) });
    expect(list.json().data.items).toEqual([
      expect.objectContaining({ id, type: 'x', name: 'Acme on X', handle: 'acme', status: 'active' }),
    ]);
    const row = await kit.t.ctx.db
      .selectFrom('social_accounts')
      .selectAll()
      .where('company_id', '=', acme)
      .executeTakeFirstOrThrow();
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.access_token).not.toContain('xat-');
    const state = await kit.t.ctx.db
      .selectFrom('social_oauth_states')
      .select('id')
      .where('company_id', '=', acme)
      .execute();
    expect(state).toHaveLength(0);
    // Connecting again renews the same account instead of adding one.
    expect(await connectX(kit, ana, acme)).toBe(id);
  });

  it('refuses a callback with an unknown or reused state, and one for another network', async () => {
    const start = await kit.t.call(ana, {
      method: 'POST',
      url: `${accounts(acme)}/connect`,
      payload: { type: 'x' },
    });
    const back = new URL(kit.x.consent(start.json().data.authorize_url));
    const cookie = browserCookie(start);
    const forged = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}?state=forged&code=abc`,
      headers: { cookie: `${cookie}; kontora_oauth_${'0'.repeat(16)}=forged` },
    });
    expect(forged.headers.location).toMatch(/error=(invalid_state|other_browser)/);
    const wrongNetwork = await kit.t.app.inject({
      method: 'GET',
      url: `/api/social/oauth/facebook/callback${back.search}`,
      headers: { cookie },
    });
    expect(wrongNetwork.headers.location).toContain('error=invalid_state');
    // The state was taken by the wrong-network attempt: single use.
    const reused = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(reused.headers.location).toContain('error=invalid_state');
  });

  it('refuses a callback opened in another browser than the one that started it', async () => {
    // An attacker starts connecting into their company and sends the consent link to a victim:
    // the victim's browser has no cookie of that start, so nothing is connected.
    const before = (await kit.t.call(ana, { method: 'GET', url: accounts(acme) })).json().data.items.length;
    const start = await kit.t.call(ana, {
      method: 'POST',
      url: `${accounts(acme)}/connect`,
      payload: { type: 'x' },
    });
    expect(String(start.headers['set-cookie'])).toMatch(
      /^kontora_oauth_\w{16}=[\w-]+; Path=\/api\/social\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const back = new URL(kit.x.consent(start.json().data.authorize_url));
    const victim = await kit.t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(victim.headers.location).toContain('error=other_browser');
    const wrongCookie = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browserCookie(start).replace(/=.*/, '=someone-elses') },
    });
    expect(wrongCookie.headers.location).toContain('error=invalid_state');
    expect((await kit.t.call(ana, { method: 'GET', url: accounts(acme) })).json().data.items).toHaveLength(
      before,
    );
    // The browser that started it can still finish: the other browser's attempt did not use it up.
    const own = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browserCookie(start) },
    });
    // It lands in the company the connection was started in, whichever is current (decision 049).
    expect(String(own.headers.location)).toMatch(
      new RegExp(`/#/company/social/accounts\\?connected=\\d+&company=${acme}$`),
    );
    // Before the state is known, the company is not: no link names one.
    expect(wrongCookie.headers.location).not.toContain('company=');
  });

  it('lets only owners and admins connect and disconnect; members see the list', async () => {
    const connect = await kit.t.call(marko, {
      method: 'POST',
      url: `${accounts(acme)}/connect`,
      payload: { type: 'x' },
    });
    expect(connect.statusCode).toBe(403);
    expect(connect.json().code).toBe('role_too_low');
    expect((await kit.t.call(marko, { method: 'GET', url: accounts(acme) })).statusCode).toBe(200);
  });

  it('names a network without client credentials', async () => {
    // Every network of the kit has a stand-in; this one is left without Kontora's app credentials.
    const tiktok = kit.t.ctx.config.social.networks.tiktok;
    const clientId = tiktok.clientId;
    tiktok.clientId = '';
    const res = await kit.t.call(ana, {
      method: 'POST',
      url: `${accounts(acme)}/connect`,
      payload: { type: 'tiktok' },
    });
    tiktok.clientId = clientId;
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ type: ['not_configured'] });
    const bad = await kit.t.call(ana, {
      method: 'POST',
      url: `${accounts(acme)}/connect`,
      payload: { type: 'myspace' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(['type']);
  });

  it('answers 403 module_disabled when the company lacks the social module', async () => {
    const res = await kit.t.call(ana, { method: 'GET', url: accounts(crmOnly) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('module_disabled');
  });

  it('keeps another company’s account out of reach (404) and disconnects removing the tokens', async () => {
    const betaAccount = await connectX(kit, eva, beta);
    expect(
      (await kit.t.call(ana, { method: 'DELETE', url: `${accounts(acme)}/${betaAccount}` })).statusCode,
    ).toBe(404);
    expect(
      (await kit.t.call(eva, { method: 'DELETE', url: `${accounts(beta)}/${betaAccount}` })).statusCode,
    ).toBe(204);
    const left = await kit.t.ctx.db
      .selectFrom('social_accounts')
      .select('id')
      .where('company_id', '=', beta)
      .execute();
    expect(left).toHaveLength(0);
    const feed = await kit.t.ctx.db
      .selectFrom('change_events')
      .select('type')
      .where('company_id', '=', beta)
      .orderBy('id')
      .execute();
    expect(feed.map((f) => f.type)).toEqual(['social_account.connected', 'social_account.disconnected']);
  });

  it('refreshes an expiring token, and marks the account "reconnect needed" with a mail when the refresh is refused', async () => {
    const id = await connectX(kit, eva, beta);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const { db } = kit.t.ctx;
    await db
      .updateTable('social_accounts')
      .set({ token_expires_at: soon })
      .where('company_id', '=', beta)
      .where('id', '=', id)
      .execute();
    const { refreshDueAccounts } = await import('./social-accounts.service.ts');
    await refreshDueAccounts(kit.t.ctx);
    const renewed = await db
      .selectFrom('social_accounts')
      .selectAll()
      .where('company_id', '=', beta)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(renewed.token_expires_at && renewed.token_expires_at > soon).toBe(true);
    expect(renewed.status).toBe('active');

    kit.x.revokeAll();
    await db
      .updateTable('social_accounts')
      .set({ token_expires_at: soon })
      .where('company_id', '=', beta)
      .where('id', '=', id)
      .execute();
    const sent = kit.smtp.mails.length;
    await refreshDueAccounts(kit.t.ctx);
    const list = await kit.t.call(eva, { method: 'GET', url: accounts(beta) });
    expect(list.json().data.items[0]).toEqual(expect.objectContaining({ status: 'reconnect_needed' }));
    const mail = await kit.smtp.waitFor('eva@example.com', sent);
    expect(mail.subject).toContain('Acme on X');
    expect(appLinksIn(mail.text)).toEqual([`#/company/social/accounts?company=${beta}`]);
  });
});
