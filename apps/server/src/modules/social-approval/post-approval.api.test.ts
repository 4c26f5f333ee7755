import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appLinksIn } from '../../test-support/smtp-capture.ts';
import {
  addMedium,
  connectX,
  eventually,
  type SocialKit,
  startTwoCompanies,
} from '../../test-support/social-standins/social-test-kit.ts';
import { APPROVAL_RATE } from './approval-rate-limit.ts';

let kit: SocialKit;
let ana: string;
let marko: string;
let eva: string;
let acme: number;
let beta: number;
let gamma: number;
let crmOnly: number;
let xAccount: number;
let betaAccount: number;
let gammaAccount: number;

beforeAll(async () => {
  let anaId: number;
  ({ kit, anaId, ana, marko, eva, acme, beta, xAccount, betaAccount } = await startTwoCompanies());
  gamma = await kit.t.company('Gamma', [3], [{ userId: anaId, role: 'owner' }]);
  crmOnly = await kit.t.company('Crm only', [2], [{ userId: anaId, role: 'owner' }]);
  gammaAccount = await connectX(kit, ana, gamma);
});
afterAll(() => kit.close());

const posts = (company: number, rest = '') => `/api/companies/${company}/social/posts${rest}`;
let serial = 0;
const fresh = (text = 'Approve me') => `${text} #${++serial} ${Date.now()}`;
const hour = 3600_000;

async function draft(token: string, company: number, body: Record<string, unknown>) {
  const res = await kit.t.call(token, {
    method: 'POST',
    url: posts(company),
    payload: { draft: true, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function askApproval(token: string, company: number, id: number) {
  const res = await kit.t.call(token, { method: 'POST', url: posts(company, `/${id}/request-approval`) });
  expect(res.statusCode, res.body).toBe(201);
  const { approval_url, expires_at } = res.json().data as { approval_url: string; expires_at: string };
  return { url: approval_url, token: approval_url.split('#/approve/')[1] as string, expiresAt: expires_at };
}

/** The public routes, called as the client's browser would: no session, no key. */
const open = (token: string) => kit.t.app.inject({ method: 'GET', url: `/api/social/approvals/${token}` });
const answer = (token: string, what: 'approve' | 'request-changes', payload?: object) =>
  kit.t.app.inject({
    method: 'POST',
    url: `/api/social/approvals/${token}/${what}`,
    ...(payload ? { payload } : {}),
  });
const read =
  (company: number, id: number, token = ana) =>
  async () =>
    (await kit.t.call(token, { method: 'GET', url: posts(company, `/${id}`) })).json().data;

describe('asking for approval', () => {
  it('gives a 7-day link to a page that shows the post per network, without signing in', async () => {
    const text = fresh();
    const image = await addMedium(kit, acme);
    const id = await draft(marko, acme, {
      text,
      overrides: { x: `${text} (for X)` },
      media_ids: [image],
      account_ids: [xAccount],
      scheduled_at: new Date(Date.now() + 48 * hour).toISOString(),
    });
    const link = await askApproval(marko, acme, id);
    expect(link.url).toMatch(/^http:\/\/kontora\.test\/#\/approve\/[\w-]{43}$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / (24 * hour);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await kit.t.ctx.db
      .selectFrom('social_post_approvals')
      .select('token_hash')
      .where('company_id', '=', acme)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(link.token);

    const page = await open(link.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json().data).toMatchObject({
      company_name: 'Acme',
      status: 'pending',
      targets: [{ network: 'x', account_name: expect.any(String), text: `${text} (for X)` }],
      media: [{ id: image, kind: 'image', thumbnail: false }],
    });
    const thumb = await kit.t.app.inject({
      method: 'GET',
      url: `/api/social/approvals/${link.token}/media/${image}`,
    });
    expect(thumb.statusCode).toBe(404); // the test medium has no thumbnail; a medium not of the post:
    const other = await addMedium(kit, acme);
    const foreign = await kit.t.app.inject({
      method: 'GET',
      url: `/api/social/approvals/${link.token}/media/${other}`,
    });
    expect(foreign.json().message).toBe('Medium not found.');

    const post = await read(acme, id)();
    expect(post.status).toBe('draft');
    expect(post.approval).toMatchObject({ status: 'pending', comment: null });
    expect(post.history.map((h: { kind: string }) => h.kind)).toEqual(['drafted', 'approval_requested']);
  });

  it('lets the link play the post’s video (poster, ranges) and nothing else of the company', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    const poster = Buffer.from('poster-jpeg');
    const video = await addMedium(kit, acme, { kind: 'video', mime: 'video/mp4', bytes, thumbnail: poster });
    const id = await draft(marko, acme, { text: fresh(), media_ids: [video], account_ids: [xAccount] });
    const link = await askApproval(marko, acme, id);
    expect((await open(link.token)).json().data.media).toEqual([
      { id: video, kind: 'video', name: 'pixel.png', thumbnail: true },
    ]);
    const medium = (mediaId: number, query = '', headers: Record<string, string> = {}, token = link.token) =>
      kit.t.app.inject({
        method: 'GET',
        url: `/api/social/approvals/${token}/media/${mediaId}${query}`,
        headers,
      });

    const thumb = await medium(video);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.equals(poster)).toBe(true);
    const whole = await medium(video, '?variant=original');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await medium(video, '?variant=original', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/4096');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    expect((await medium(video, '?variant=original', { range: 'bytes=5000-' })).statusCode).toBe(416);
    expect((await medium(video, '?variant=full')).json().details).toEqual({ variant: ['invalid_variant'] });

    // The token opens this post's media only: not another post's video of the same company,
    // not another company's, and another post's token does not open this one's.
    const sibling = await addMedium(kit, acme, { kind: 'video', mime: 'video/mp4', bytes });
    await draft(marko, acme, { text: fresh(), media_ids: [sibling], account_ids: [xAccount] });
    expect((await medium(sibling, '?variant=original')).statusCode).toBe(404);
    const foreign = await addMedium(kit, beta, { kind: 'video', mime: 'video/mp4', bytes });
    const betaPost = await draft(eva, beta, {
      text: fresh(),
      media_ids: [foreign],
      account_ids: [betaAccount],
    });
    const betaLink = await askApproval(eva, beta, betaPost);
    expect((await medium(foreign, '?variant=original')).statusCode).toBe(404);
    expect((await medium(video, '?variant=original', {}, betaLink.token)).statusCode).toBe(404);
    expect((await medium(video, '?variant=original', {}, `${link.token}x`)).statusCode).toBe(404);
  });

  it('approving schedules the post for its time, tells the author, and the link is then used up', async () => {
    const at = new Date(Date.now() + 24 * hour).toISOString();
    const id = await draft(marko, acme, { text: fresh(), account_ids: [xAccount], scheduled_at: at });
    const link = await askApproval(marko, acme, id);
    const sent = kit.smtp.mails.length;
    const ok = await answer(link.token, 'approve');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ status: 'approved', scheduled_at: at });
    const post = await read(acme, id)();
    expect(post.status).toBe('scheduled');
    expect(post.scheduled_at).toBe(at);
    expect(post.targets[0].status).toBe('queued');
    expect(post.approval).toMatchObject({ status: 'approved' });
    expect(post.history.map((h: { kind: string }) => h.kind)).toEqual([
      'drafted',
      'approval_requested',
      'approved',
    ]);
    const mail = await kit.smtp.waitFor('marko@example.com', sent);
    expect(mail.subject).toContain('odobrena'); // the author's language (hr, the default)
    expect(appLinksIn(mail.text)).toEqual([`#/company/social/posts/${id}?company=${acme}`]);
    const feed = await kit.t.ctx.db
      .selectFrom('change_events')
      .select('type')
      .where('company_id', '=', acme)
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(feed.map((f) => f.type)).toEqual([
      'social_post.created',
      'social_post.approval_requested',
      'social_post.approved',
    ]);

    for (const again of [await answer(link.token, 'approve'), await open(link.token)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'approval_used', details: { status: ['approved'] } });
    }
    const changes = await answer(link.token, 'request-changes', { comment: 'Too late' });
    expect(changes.json().code).toBe('approval_used');
  });

  it('approving a post without a time (or whose time passed) publishes it now, once, even if answered twice at once', async () => {
    const text = fresh('Now');
    const id = await draft(ana, acme, { text, account_ids: [xAccount] });
    const link = await askApproval(ana, acme, id);
    const [a, b] = await Promise.all([answer(link.token, 'approve'), answer(link.token, 'approve')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const post = await eventually(read(acme, id), (p) => p.status === 'published');
    expect(post.targets[0].remote_url).toMatch(/^https:\/\/x\.com\//);
    expect(kit.x.tweets.filter((tw) => tw.text === text)).toHaveLength(1);
  });

  it('asking for changes keeps it a draft with the comment on its history and tells the author', async () => {
    const id = await draft(marko, acme, { text: fresh(), account_ids: [xAccount] });
    const link = await askApproval(marko, acme, id);
    for (const comment of ['', '   ', 'x'.repeat(2001)]) {
      const bad = await answer(link.token, 'request-changes', { comment });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().details)).toEqual(['comment']);
    }
    const sent = kit.smtp.mails.length;
    const res = await answer(link.token, 'request-changes', { comment: 'Please add our logo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('changes_requested');
    const post = await read(acme, id)();
    expect(post.status).toBe('draft');
    expect(post.targets[0].status).toBe('draft');
    expect(post.approval).toMatchObject({ status: 'changes_requested', comment: 'Please add our logo' });
    expect(post.history.at(-1)).toMatchObject({
      kind: 'changes_requested',
      detail: { comment: 'Please add our logo' },
      actor_id: null,
    });
    const mail = await kit.smtp.waitFor('marko@example.com', sent);
    expect(mail.text).toContain('Please add our logo');
    expect((await answer(link.token, 'approve')).json().code).toBe('approval_used');
  });
});

describe('links that no longer work', () => {
  it('an expired link answers 410 (the clock moved past 7 days)', async () => {
    const id = await draft(ana, acme, { text: fresh(), account_ids: [xAccount] });
    const link = await askApproval(ana, acme, id);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 7 * 24 * hour + 1_000);
      for (const res of [await open(link.token), await answer(link.token, 'approve')]) {
        expect(res.statusCode).toBe(410);
        expect(res.json().code).toBe('approval_expired');
      }
    } finally {
      vi.useRealTimers();
    }
    expect((await read(acme, id)()).status).toBe('draft');
  });

  it('a tampered or made-up token is not found (404)', async () => {
    const id = await draft(ana, acme, { text: fresh(), account_ids: [xAccount] });
    const link = await askApproval(ana, acme, id);
    const last = link.token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${link.token.slice(0, -1)}${last}`;
    for (const token of [tampered, 'nothing-here', 'x'.repeat(100)]) {
      expect((await open(token)).statusCode).toBe(404);
      expect((await answer(token, 'approve')).statusCode).toBe(404);
    }
    expect((await open('x'.repeat(101))).statusCode).toBe(404);
    expect((await read(acme, id)()).status).toBe('draft');
  });

  it('a newer link replaces the older one, and editing the post voids its link', async () => {
    const id = await draft(ana, acme, { text: fresh(), account_ids: [xAccount] });
    const first = await askApproval(ana, acme, id);
    const second = await askApproval(ana, acme, id);
    expect((await open(first.token)).json().code).toBe('approval_replaced');
    expect((await open(second.token)).statusCode).toBe(200);
    const edit = await kit.t.call(ana, {
      method: 'PATCH',
      url: posts(acme, `/${id}`),
      payload: { text: fresh(), version: (await read(acme, id)()).version },
    });
    expect(edit.statusCode).toBe(200);
    const outdated = await answer(second.token, 'approve');
    expect(outdated.statusCode).toBe(410);
    expect(outdated.json().code).toBe('approval_outdated');
    expect((await read(acme, id)()).status).toBe('draft');
  });

  it('refuses a link for a post that is not a draft, or breaks its networks’ rules', async () => {
    const scheduled = await kit.t.call(ana, {
      method: 'POST',
      url: posts(acme),
      payload: {
        text: fresh(),
        account_ids: [xAccount],
        scheduled_at: new Date(Date.now() + hour).toISOString(),
      },
    });
    const id = scheduled.json().data.id;
    const res = await kit.t.call(ana, { method: 'POST', url: posts(acme, `/${id}/request-approval`) });
    expect(res.statusCode).toBe(409);
    const long = await draft(ana, acme, { text: 'x'.repeat(300), account_ids: [xAccount] });
    const tooLong = await kit.t.call(ana, { method: 'POST', url: posts(acme, `/${long}/request-approval`) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toEqual({ 'networks.x': ['text_too_long'], text: ['too_long'] });
    expect(
      await kit.t.ctx.db
        .selectFrom('social_post_approvals')
        .selectAll()
        .where('company_id', '=', acme)
        .where('post_id', '=', long)
        .execute(),
    ).toEqual([]);
  });

  it('keeps another company’s post out of reach (404) and refuses with 403 when the module is off', async () => {
    const betaPost = await draft(eva, beta, { text: fresh(), account_ids: [betaAccount] });
    const res = await kit.t.call(ana, { method: 'POST', url: posts(acme, `/${betaPost}/request-approval`) });
    expect(res.statusCode).toBe(404);
    const off = await kit.t.call(ana, { method: 'POST', url: posts(crmOnly, '/1/request-approval') });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('module_disabled');
    // A link made while the module was on stops working when it is turned off.
    const gammaPost = await draft(ana, gamma, { text: fresh(), account_ids: [gammaAccount] });
    const link = await askApproval(ana, gamma, gammaPost);
    await kit.t.ctx.db
      .deleteFrom('company_modules')
      .where('company_id', '=', gamma)
      .where('module_id', '=', 3)
      .execute();
    const page = await open(link.token);
    expect(page.statusCode).toBe(403);
    expect(page.json().code).toBe('module_disabled');
    expect((await answer(link.token, 'approve')).statusCode).toBe(403);
  });
});

describe('rescheduling and listing', () => {
  it('PATCH moves a scheduled post’s job to the new time; a past time is refused naming the field', async () => {
    const text = fresh('Moved');
    const res = await kit.t.call(ana, {
      method: 'POST',
      url: posts(acme),
      payload: { text, account_ids: [xAccount], scheduled_at: new Date(Date.now() + 2 * hour).toISOString() },
    });
    const id = res.json().data.id;
    const past = await kit.t.call(ana, {
      method: 'PATCH',
      url: posts(acme, `/${id}`),
      payload: { scheduled_at: new Date(Date.now() - 60_000).toISOString(), version: 1 },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual({ scheduled_at: ['in_past'] });
    const soon = new Date(Date.now() + 2_000).toISOString();
    const moved = await kit.t.call(ana, {
      method: 'PATCH',
      url: posts(acme, `/${id}`),
      payload: { scheduled_at: soon, version: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const post = await eventually(read(acme, id), (p) => p.status === 'published');
    expect(Date.parse(post.targets[0].published_at)).toBeGreaterThanOrEqual(Date.parse(soon));
    expect(kit.x.tweets.filter((tw) => tw.text === text)).toHaveLength(1);
  });

  it('filters the list by author and by date range, with keyset pages', async () => {
    const day = 24 * hour;
    const base = Date.now() + 400 * day;
    const ids: number[] = [];
    for (const [token, offset] of [
      [marko, 1],
      [ana, 2],
      [marko, 3],
      [marko, 10],
    ] as const) {
      ids.push(
        await draft(token, acme, {
          text: fresh('Range'),
          account_ids: [xAccount],
          scheduled_at: new Date(base + offset * day).toISOString(),
        }),
      );
    }
    const markoId = (
      await kit.t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'marko@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const from = new Date(base).toISOString();
    const to = new Date(base + 5 * day).toISOString();
    const seen: number[] = [];
    let cursor = '';
    do {
      const res = await kit.t.call(ana, {
        method: 'GET',
        url: posts(
          acme,
          `?author_id=${markoId}&from=${from}&to=${to}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().data.items.map((p: { id: number }) => p.id));
      cursor = res.json().data.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual([ids[2], ids[0]]);
    const bad = await kit.t.call(ana, { method: 'GET', url: posts(acme, '?from=yesterday') });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(['from']);
  });
});

describe('rate limit', () => {
  it('refuses an address that calls the public routes too often, with Retry-After', async () => {
    let last = await open('made-up');
    for (let i = 0; i < APPROVAL_RATE.limit && last.statusCode !== 429; i++) last = await open('made-up');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
