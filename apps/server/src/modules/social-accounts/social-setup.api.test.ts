import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocialKit, startTwoCompanies } from '../../test-support/social-standins/social-test-kit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const NETWORKS = ['facebook', 'instagram', 'linkedin', 'x', 'tiktok', 'youtube'];
const networks = (company: number) => `/api/companies/${company}/social/networks`;
const SETUP = '/api/admin/social/networks';
const check = (type: string) => `${SETUP}/${type}/check`;

describe('a default install (no network has an app)', () => {
  let t: TestApp;
  let member: string;
  let root: string;
  let acme: number;

  beforeAll(async () => {
    t = await createTestApp();
    const memberId = await t.user('mia@example.com');
    await t.user('root@example.com', { is_admin: true });
    acme = await t.company('Acme', [3], [{ userId: memberId, role: 'member' }]);
    member = await t.login('mia@example.com');
    root = await t.login('root@example.com');
  });
  afterAll(() => t.close());

  it('tells members that no network is configured', async () => {
    const res = await t.call(member, { method: 'GET', url: networks(acme) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual(NETWORKS.map((type) => ({ type, configured: false })));
  });

  it('shows superusers the redirect address and the variables to set, none set', async () => {
    const res = await t.call(root, { method: 'GET', url: SETUP });
    expect(res.statusCode).toBe(200);
    const x = res.json().data.items.find((n: { type: string }) => n.type === 'x');
    expect(x).toEqual({
      type: 'x',
      name: 'X',
      configured: false,
      redirect_uri: 'http://kontora.test/api/social/oauth/x/callback',
      check: 'presence',
      variables: [
        { name: 'SOCIAL_X_CLIENT_ID', required: true, set: false, value: null },
        { name: 'SOCIAL_X_CLIENT_SECRET', required: true, set: false, value: null },
        { name: 'SOCIAL_X_API_URL', required: false, set: false, value: 'https://api.x.com' },
        { name: 'SOCIAL_X_AUTH_URL', required: false, set: false, value: 'https://x.com/i/oauth2/authorize' },
      ],
    });
    const checks = Object.fromEntries(
      res.json().data.items.map((n: { type: string; check: string }) => [n.type, n.check]),
    );
    expect(checks).toEqual({
      facebook: 'credentials',
      instagram: 'credentials',
      linkedin: 'presence',
      x: 'presence',
      tiktok: 'credentials',
      youtube: 'presence',
    });
  });

  it('checks an unconfigured network without asking it', async () => {
    const res = await t.call(root, { method: 'POST', url: check('facebook') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'facebook', outcome: 'not_configured', http_status: null });
  });

  it('answers 404 for a network it does not know (a path that names nothing)', async () => {
    const res = await t.call(root, { method: 'POST', url: check('myspace') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('a deployment with all six apps (stand-ins)', () => {
  let kit: SocialKit;
  let ana: string;
  let marko: string;
  let eva: string;
  let root: string;
  let acme: number;
  let crmOnly: number;

  beforeAll(async () => {
    let anaId: number;
    ({ kit, anaId, ana, marko, eva, acme } = await startTwoCompanies({ connect: false }));
    crmOnly = await kit.t.company('CRM only', [2], [{ userId: anaId, role: 'owner' }]);
    await kit.t.user('root@example.com', { is_admin: true });
    root = await kit.t.login('root@example.com');
    kit.t.ctx.config.webhookAllowedHosts = ['127.0.0.1'];
  });
  afterAll(() => kit.close());

  const call = (token: string | undefined, method: 'GET' | 'POST', url: string) =>
    kit.t.call(token, { method, url });

  it('lets members, owners and superusers of the company see which networks are configured', async () => {
    for (const token of [marko, ana, root]) {
      const res = await call(token, 'GET', networks(acme));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items).toEqual(NETWORKS.map((type) => ({ type, configured: true })));
    }
  });

  it('keeps the list from the signed out, from other companies and without the social module', async () => {
    expect((await call(undefined, 'GET', networks(acme))).statusCode).toBe(401);
    // As every company route: a member of another company is told only that they are not a member.
    const outsider = await call(eva, 'GET', networks(acme));
    expect([outsider.statusCode, outsider.json().code]).toEqual([403, 'not_member']);
    expect((await call(ana, 'GET', networks(crmOnly))).statusCode).toBe(403);
  });

  it('keeps the set-up and its check to superusers', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [marko, 403],
      [ana, 403],
    ] as const) {
      expect((await call(token, 'GET', SETUP)).statusCode).toBe(status);
      expect((await call(token, 'POST', check('facebook'))).statusCode).toBe(status);
    }
  });

  it('says which variables are set, never the secret', async () => {
    const res = await call(root, 'GET', SETUP);
    expect(res.statusCode).toBe(200);
    const facebook = res.json().data.items.find((n: { type: string }) => n.type === 'facebook');
    expect(facebook.configured).toBe(true);
    expect(facebook.variables.map((v: { set: boolean }) => v.set)).toEqual([true, true, true, true]);
    expect(facebook.variables[2].value).toBe(kit.facebook.url);
    expect(res.body).not.toContain('fb-secret');
    expect(res.body).not.toContain('tt-secret');
  });

  it('checks Facebook, Instagram and TikTok by asking each for an app-only token', async () => {
    for (const [type, standin] of [
      ['facebook', kit.facebook],
      ['instagram', kit.instagram],
      ['tiktok', kit.tiktok],
    ] as const) {
      const before = standin.calls.length;
      const res = await call(root, 'POST', check(type));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ type, outcome: 'ok', http_status: 200 });
      expect(standin.calls.length).toBe(before + 1);
    }
  });

  it('only sees the values present where the network has no app-only call', async () => {
    for (const [type, standin] of [
      ['x', kit.x],
      ['linkedin', kit.linkedin],
      ['youtube', kit.youtube],
    ] as const) {
      const before = standin.calls.length;
      const res = await call(root, 'POST', check(type));
      expect(res.json().data).toMatchObject({ type, outcome: 'present', http_status: null });
      expect(standin.calls.length).toBe(before);
    }
  });

  it('reports refused credentials with the status only, not the network’s text', async () => {
    const networksConfig = kit.t.ctx.config.social.networks;
    const { clientSecret } = networksConfig.facebook;
    networksConfig.facebook.clientSecret = 'wrong';
    networksConfig.tiktok.clientSecret = 'wrong';
    try {
      const facebook = await call(root, 'POST', check('facebook'));
      expect(facebook.json().data).toMatchObject({ outcome: 'refused', http_status: 400 });
      expect(facebook.body).not.toContain('Invalid client');
      const tiktok = await call(root, 'POST', check('tiktok'));
      expect(tiktok.json().data).toMatchObject({ outcome: 'refused', http_status: 400 });
      expect(tiktok.body).not.toContain('incorrect');
    } finally {
      networksConfig.facebook.clientSecret = clientSecret;
      networksConfig.tiktok.clientSecret = 'tt-secret';
    }
  });

  it('tells a network that is down or throttling from refused credentials', async () => {
    kit.facebook.failNext('GET', /^\/oauth\/access_token$/, {
      status: 503,
      json: { error: { message: 'down' } },
    });
    const down = await call(root, 'POST', check('facebook'));
    expect(down.json().data).toMatchObject({ outcome: 'unavailable', http_status: 503 });
    kit.tiktok.failNext('POST', /^\/v2\/oauth\/token\/$/, { status: 200, json: { error: 'odd' } });
    const odd = await call(root, 'POST', check('tiktok'));
    expect(odd.json().data).toMatchObject({ outcome: 'unexpected_answer', http_status: 200 });
  });

  it('goes through the guarded client: a private API address outside the allow list is not called', async () => {
    kit.t.ctx.config.webhookAllowedHosts = [];
    const before = kit.facebook.calls.length;
    try {
      const res = await call(root, 'POST', check('facebook'));
      expect(res.json().data).toMatchObject({ outcome: 'blocked_address', http_status: null });
      expect(kit.facebook.calls.length).toBe(before);
    } finally {
      kit.t.ctx.config.webhookAllowedHosts = ['127.0.0.1'];
    }
  });

  it('says unreachable when nothing answers at the API address', async () => {
    const networksConfig = kit.t.ctx.config.social.networks;
    const { apiUrl } = networksConfig.instagram;
    networksConfig.instagram.apiUrl = 'http://127.0.0.1:1';
    try {
      const res = await call(root, 'POST', check('instagram'));
      expect(res.json().data).toMatchObject({ outcome: 'unreachable', http_status: null });
    } finally {
      networksConfig.instagram.apiUrl = apiUrl;
    }
  });

  it('does not start connecting a network whose secret is missing, and lists it as not configured', async () => {
    const youtube = kit.t.ctx.config.social.networks.youtube;
    youtube.clientSecret = '';
    try {
      const start = await kit.t.call(ana, {
        method: 'POST',
        url: `/api/companies/${acme}/social/accounts/connect`,
        payload: { type: 'youtube' },
      });
      expect(start.statusCode).toBe(400);
      expect(start.json().details).toEqual({ type: ['not_configured'] });
      const list = await call(marko, 'GET', networks(acme));
      expect(list.json().data.items).toContainEqual({ type: 'youtube', configured: false });
    } finally {
      youtube.clientSecret = 'yt-secret';
    }
  });
});
