import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLinksIn } from '../../test-support/smtp-capture.ts';
import {
  addMedium,
  eventually,
  type SocialKit,
  startTwoCompanies,
} from '../../test-support/social-standins/social-test-kit.ts';

let kit: SocialKit;
let ana: string;
let marko: string;
let eva: string;
let acme: number;
let beta: number;
let xAccount: number;
let betaAccount: number;

beforeAll(async () => {
  ({ kit, ana, marko, eva, acme, beta, xAccount, betaAccount } = await startTwoCompanies());
});
afterAll(() => kit.close());

const posts = (company: number, rest = '') => `/api/companies/${company}/social/posts${rest}`;
let serial = 0;
/** X refuses duplicate texts, as the real one does: every post here says something new. */
const fresh = (text = 'Hello') => `${text} #${++serial} ${Date.now()}`;

async function create(token: string, company: number, body: Record<string, unknown>) {
  return kit.t.call(token, { method: 'POST', url: posts(company), payload: body });
}
const read = (id: number) => async () =>
  (await kit.t.call(ana, { method: 'GET', url: posts(acme, `/${id}`) })).json().data;

describe('composing and validating', () => {
  it('saves a draft without publishing it; members compose', async () => {
    const res = await create(marko, acme, { text: fresh('Draft'), account_ids: [xAccount], draft: true });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().data;
    expect(post.status).toBe('draft');
    expect(post.targets).toEqual([
      expect.objectContaining({ account_id: xAccount, network: 'x', status: 'draft' }),
    ]);
    expect(post.time_zone).toBeTruthy();
  });

  it('counts X text by its weighted rules and names the field', async () => {
    const cjk = '日'.repeat(141); // 282 weighted characters
    const res = await create(ana, acme, { text: cjk, account_ids: [xAccount] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ 'networks.x': ['text_too_long'], text: ['too_long'] });
    // A long URL counts 23: fine.
    const url = await create(ana, acme, {
      text: `${fresh()} https://example.com/${'a'.repeat(300)}`,
      account_ids: [xAccount],
      draft: true,
    });
    expect(url.statusCode).toBe(201);
    const override = await create(ana, acme, {
      text: 'short',
      overrides: { x: 'x'.repeat(281) },
      account_ids: [xAccount],
    });
    expect(override.json().details).toEqual({ 'networks.x': ['text_too_long'], 'overrides.x': ['too_long'] });
  });

  it('checks media rules per network: count, type, mixing', async () => {
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => addMedium(kit, acme)));
    const tooMany = await create(ana, acme, { text: fresh(), media_ids: images, account_ids: [xAccount] });
    expect(tooMany.json().details).toEqual({ 'networks.x': ['too_many_media'] });
    const video = await addMedium(kit, acme, { kind: 'video', mime: 'video/mp4' });
    const mixed = await create(ana, acme, {
      text: fresh(),
      media_ids: [images[0], video],
      account_ids: [xAccount],
    });
    expect(mixed.json().details).toEqual({ 'networks.x': ['mixed_media'] });
    const webm = await addMedium(kit, acme, { kind: 'video', mime: 'video/webm' });
    const type = await create(ana, acme, { text: fresh(), media_ids: [webm], account_ids: [xAccount] });
    expect(type.json().details).toEqual({ 'networks.x': ['media_type'] });
  });

  it('refuses a schedule in the past or without its time, another company’s account or medium, and saves nothing', async () => {
    const before = await kit.t.ctx.db
      .selectFrom('social_posts')
      .select('id')
      .where('company_id', '=', acme)
      .execute();
    const past = await create(ana, acme, {
      text: fresh(),
      account_ids: [xAccount],
      scheduled_at: '2020-01-01T10:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual({ scheduled_at: ['in_past'] });
    // A schedule chosen without its time (an empty date field) is refused, not published at once.
    const missing = await create(ana, acme, { text: fresh(), account_ids: [xAccount], scheduled_at: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ scheduled_at: ['invalid_datetime'] });
    const foreignAccount = await create(ana, acme, { text: fresh(), account_ids: [betaAccount] });
    expect(foreignAccount.statusCode).toBe(400);
    expect(foreignAccount.json().details).toEqual({ account_ids: ['not_found'] });
    const betaMedium = await addMedium(kit, beta);
    const foreignMedium = await create(ana, acme, {
      text: fresh(),
      media_ids: [betaMedium],
      account_ids: [xAccount],
    });
    expect(foreignMedium.json().details).toEqual({ media_ids: ['not_found'] });
    const none = await create(ana, acme, { text: fresh(), account_ids: [] });
    expect(none.json().details).toEqual({ account_ids: ['required'] });
    const after = await kit.t.ctx.db
      .selectFrom('social_posts')
      .select('id')
      .where('company_id', '=', acme)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('keeps another company’s post out of reach (404)', async () => {
    const res = await create(eva, beta, { text: fresh('Beta'), account_ids: [betaAccount], draft: true });
    const id = res.json().data.id;
    expect((await kit.t.call(ana, { method: 'GET', url: posts(acme, `/${id}`) })).statusCode).toBe(404);
    expect(
      (
        await kit.t.call(ana, {
          method: 'PATCH',
          url: posts(acme, `/${id}`),
          payload: { text: 'x', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await kit.t.call(ana, { method: 'DELETE', url: posts(acme, `/${id}`) })).statusCode).toBe(404);
    const list = await kit.t.call(ana, { method: 'GET', url: posts(acme, '?limit=100') });
    expect(list.json().data.items.map((p: { id: number }) => p.id)).not.toContain(id);
  });
});

describe('publishing', () => {
  it('edits a scheduled post through PATCH under the create rules (400 per field, nothing saved); a published post is refused', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const draft = await create(ana, acme, {
      text: fresh('Edit me'),
      account_ids: [xAccount],
      scheduled_at: at,
    });
    const id = draft.json().data.id;
    const patch = async (payload: Record<string, unknown>) =>
      kit.t.call(ana, {
        method: 'PATCH',
        url: posts(acme, `/${id}`),
        payload: { version: (await read(id)()).version, ...payload },
      });
    const tooLong = await patch({ text: 'x'.repeat(281) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toEqual({ 'networks.x': ['text_too_long'], text: ['too_long'] });
    const past = await patch({ scheduled_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual({ scheduled_at: ['in_past'] });
    const foreign = await patch({ account_ids: [betaAccount] });
    expect(foreign.json().details).toEqual({ account_ids: ['not_found'] });
    expect((await read(id)()).text).toBe(draft.json().data.text);

    const image = await addMedium(kit, acme);
    const text = fresh('Edited');
    const edited = await patch({ text, overrides: { x: `${text} on X` }, media_ids: [image] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toEqual(
      expect.objectContaining({
        text,
        overrides: { x: `${text} on X` },
        media_ids: [image],
        status: 'scheduled',
        scheduled_at: at,
      }),
    );

    const sent = await patch({ scheduled_at: null });
    expect(sent.statusCode, sent.body).toBe(200);
    await eventually(read(id), (p) => p.status === 'published');
    const late = await patch({ text: fresh('Too late') });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('published');
  });

  it('publishes now, with an image through the chunked upload, and records the link', async () => {
    const image = await addMedium(kit, acme);
    const text = fresh('Now');
    const res = await create(ana, acme, { text, media_ids: [image], account_ids: [xAccount] });
    expect(res.statusCode, res.body).toBe(201);
    const post = await eventually(read(res.json().data.id), (p) => p.status === 'published');
    const tweet = kit.x.tweets.find((tw) => tw.text === text);
    expect(tweet?.media_ids).toHaveLength(1);
    expect(post.targets[0]).toEqual(
      expect.objectContaining({
        status: 'published',
        remote_url: `https://x.com/acme/status/${tweet?.id}`,
        attempts: 1,
      }),
    );
    const feed = await kit.t.ctx.db
      .selectFrom('change_events')
      .select(['type', 'data'])
      .where('company_id', '=', acme)
      .where('entity_id', '=', post.id)
      .orderBy('id')
      .execute();
    expect(feed.map((f) => f.type)).toEqual(['social_post.created', 'social_post.status_changed']);
  });

  it('publishes a scheduled post at its time, not before', async () => {
    const text = fresh('Later');
    const at = new Date(Date.now() + 4_000).toISOString();
    const res = await create(ana, acme, { text, account_ids: [xAccount], scheduled_at: at });
    expect(res.json().data.status).toBe('scheduled');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(kit.x.tweets.some((tw) => tw.text === text)).toBe(false);
    const post = await eventually(read(res.json().data.id), (p) => p.status === 'published');
    expect(new Date(post.targets[0].published_at).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
  });

  it('a timeout whose post did arrive is confirmed by a lookup, never posted twice', async () => {
    const text = fresh('Slow');
    kit.x.controls.publishDelayMs = 3_000; // the adapter gives up after 1.5 s; the tweet exists already
    try {
      const res = await create(ana, acme, { text, account_ids: [xAccount] });
      const post = await eventually(read(res.json().data.id), (p) => p.status === 'published');
      expect(post.targets[0].attempts).toBe(1);
      expect(post.history.map((h: { kind: string }) => h.kind)).toContain('unconfirmed');
    } finally {
      kit.x.controls.publishDelayMs = 0;
    }
    expect(kit.x.tweets.filter((tw) => tw.text === text)).toHaveLength(1);
  });

  it('retries 5xx and 429 (with Retry-After) with back-off, then publishes once', async () => {
    kit.x.failNext('POST', /^\/2\/tweets$/, { status: 503, json: { title: 'Service Unavailable' } });
    kit.x.failNext('POST', /^\/2\/tweets$/, {
      status: 429,
      headers: { 'retry-after': '1' },
      json: { title: 'Too Many Requests' },
    });
    const text = fresh('Busy');
    const res = await create(ana, acme, { text, account_ids: [xAccount] });
    const post = await eventually(read(res.json().data.id), (p) => p.status === 'published');
    expect(post.targets[0].attempts).toBe(3);
    expect(kit.x.tweets.filter((tw) => tw.text === text)).toHaveLength(1);
  });

  it('fails at once on a permanent refusal, with our code, mails the author, and retries on request', async () => {
    kit.x.failNext('POST', /^\/2\/tweets$/, {
      status: 400,
      json: { detail: 'Your media IDs are invalid.', title: 'Invalid Request' },
    });
    const text = fresh('Refused');
    const sent = kit.smtp.mails.length;
    const res = await create(marko, acme, { text, account_ids: [xAccount] });
    const post = await eventually(read(res.json().data.id), (p) => p.status === 'failed');
    expect(post.targets[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        error_code: 'media_rejected',
        error_status: 400,
        attempts: 1,
      }),
    );
    const mail = await kit.smtp.waitFor('marko@example.com', sent);
    expect(mail.text).not.toContain('Your media IDs are invalid.');
    expect(appLinksIn(mail.text)).toEqual([`#/company/social/posts/${post.id}?company=${acme}`]);
    const retry = await kit.t.call(marko, {
      method: 'POST',
      url: posts(acme, `/${post.id}/targets/${post.targets[0].id}/retry`),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const done = await eventually(read(post.id), (p) => p.status === 'published');
    expect(done.targets[0].attempts).toBe(2);
    expect(kit.x.tweets.filter((tw) => tw.text === text)).toHaveLength(1);
  });

  it('lists with filters and keyset pages', async () => {
    const first = await kit.t.call(ana, { method: 'GET', url: posts(acme, '?limit=2') });
    const page = first.json().data;
    expect(page.items).toHaveLength(2);
    expect(page.next_cursor).toBeTruthy();
    const second = await kit.t.call(ana, {
      method: 'GET',
      url: posts(acme, `?limit=2&cursor=${page.next_cursor}`),
    });
    const ids = [...page.items, ...second.json().data.items].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const drafts = await kit.t.call(ana, { method: 'GET', url: posts(acme, '?status=draft&network=x') });
    expect(drafts.json().data.items.every((p: { status: string }) => p.status === 'draft')).toBe(true);
    const other = await kit.t.call(ana, { method: 'GET', url: posts(acme, '?network=facebook') });
    expect(other.json().data.items).toEqual([]);
  });

  it('lists scheduled posts soonest first with keyset pages (the dashboard widget)', async () => {
    const day = 24 * 3600_000;
    // Created out of order, far ahead so no other test's post comes between them.
    const offsets = [40, 10, 30, 20];
    const ids: number[] = [];
    for (const days of offsets) {
      const at = new Date(Date.now() + (300 + days) * day).toISOString();
      const res = await create(ana, acme, { text: fresh('Soon'), account_ids: [xAccount], scheduled_at: at });
      ids.push(res.json().data.id);
    }
    const expected = [ids[1], ids[3], ids[2], ids[0]];
    const seen: number[] = [];
    let cursor = '';
    do {
      const res = await kit.t.call(marko, {
        method: 'GET',
        url: posts(acme, `?status=scheduled&sort=scheduled&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      seen.push(...page.items.map((p: { id: number }) => p.id));
      const times = page.items.map((p: { scheduled_at: string }) => Date.parse(p.scheduled_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
    const bad = await kit.t.call(ana, { method: 'GET', url: posts(acme, '?sort=oldest') });
    expect(bad.statusCode).toBe(400);
    const wrongCursor = await kit.t.call(ana, {
      method: 'GET',
      url: posts(acme, '?sort=scheduled&cursor=abc'),
    });
    expect(wrongCursor.statusCode).toBe(400);
    const other = await kit.t.call(eva, {
      method: 'GET',
      url: posts(beta, '?status=scheduled&sort=scheduled'),
    });
    expect(other.json().data.items.some((p: { id: number }) => ids.includes(p.id))).toBe(false);
    for (const id of ids) await kit.t.call(ana, { method: 'DELETE', url: posts(acme, `/${id}`) });
  });

  it('refuses to delete a medium a scheduled post uses, naming the post', async () => {
    const image = await addMedium(kit, acme);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await create(ana, acme, {
      text: fresh('Uses medium'),
      media_ids: [image],
      account_ids: [xAccount],
      scheduled_at: at,
    });
    const refused = await kit.t.call(ana, {
      method: 'DELETE',
      url: `/api/companies/${acme}/social/media/${image}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Uses medium');
    expect(refused.json().details).toEqual({ post_id: [String(res.json().data.id)] });
    // Refused means untouched: the medium and its file are still there.
    const media = `/api/companies/${acme}/social/media/${image}`;
    expect((await kit.t.call(ana, { method: 'GET', url: media })).statusCode).toBe(200);
    expect((await kit.t.call(ana, { method: 'GET', url: `${media}/content` })).statusCode).toBe(200);
    // Rescheduling works while it waits; the old job finds nothing to do.
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const patched = await kit.t.call(ana, {
      method: 'PATCH',
      url: posts(acme, `/${res.json().data.id}`),
      payload: { scheduled_at: later, version: res.json().data.version },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.scheduled_at).toBe(later);
    // Once the post is gone, so is the refusal.
    expect(
      (await kit.t.call(ana, { method: 'DELETE', url: posts(acme, `/${res.json().data.id}`) })).statusCode,
    ).toBe(204);
    expect(
      (await kit.t.call(ana, { method: 'DELETE', url: `/api/companies/${acme}/social/media/${image}` }))
        .statusCode,
    ).toBe(204);
  });
});
