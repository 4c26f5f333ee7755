import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMedium,
  browserCookie,
  eventually,
  expireSoon,
  type NetworkSuite,
  type SocialKit,
  startNetworkSuite,
  videoBytes,
} from '../../test-support/social-standins/social-test-kit.ts';
import { refreshDueAccounts } from '../social-accounts/social-accounts.service.ts';

let kit: SocialKit;
let ana: string;
let acme: number;
let account: number;
let posts: NetworkSuite['posts'];

beforeAll(async () => {
  ({ kit, ana, acme, account, posts } = await startNetworkSuite('youtube'));
});
afterAll(() => kit.close());

const done = (p: { status: string }) => ['published', 'failed'].includes(p.status);
const video = (size = 3_000) =>
  addMedium(kit, acme, { kind: 'video', mime: 'video/mp4', bytes: videoBytes(size), duration_ms: 30_000 });

describe('YouTube (Google OAuth with PKCE, Data API v3)', () => {
  it('connects the channel through OAuth with PKCE (the stand-in checks the verifier against the challenge)', async () => {
    const [row] = await posts.accounts();
    expect(row).toEqual(
      expect.objectContaining({ id: account, type: 'youtube', name: 'Acme TV', handle: '@acmetv' }),
    );
    // The callback's state is single use: replaying Google's redirect is refused.
    const start = await kit.t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/social/accounts/connect`,
      payload: { type: 'youtube' },
    });
    const consent = await fetch(start.json().data.authorize_url, { redirect: 'manual' });
    const back = new URL(String(consent.headers.get('location')));
    const cookie = browserCookie(start);
    const first = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(first.headers.location).toContain('connected=1');
    const replay = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(replay.headers.location).toContain('error=invalid_state');
    // A state issued for YouTube does not open another network's callback.
    const other = await kit.t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/social/accounts/connect`,
      payload: { type: 'youtube' },
    });
    const state = new URL(other.json().data.authorize_url).searchParams.get('state');
    const crossed = await kit.t.app.inject({
      method: 'GET',
      url: `/api/social/oauth/linkedin/callback?code=x&state=${encodeURIComponent(String(state))}`,
      headers: { cookie: browserCookie(other) },
    });
    expect(crossed.headers.location).toContain('error=invalid_state');
    expect(await posts.accounts()).toHaveLength(1);
  });

  it('uploads by the resumable protocol in 256 KiB-multiple chunks (308 until the last) and links the video', async () => {
    const size = 9 * 1024 * 1024; // two chunks of the adapter's 8 MiB
    const id = await posts.create({
      text: 'Factory tour\nA walk through the new hall.',
      media_ids: [await video(size)],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), done, 60_000);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const [uploaded] = kit.youtube.videos.filter((v) => v.title === 'Factory tour');
    expect(uploaded).toEqual(
      expect.objectContaining({
        description: 'Factory tour\nA walk through the new hall.',
        privacyStatus: 'public',
        size,
        received: size,
      }),
    );
    expect(post.targets[0]?.remote_url).toBe(`https://www.youtube.com/watch?v=${uploaded?.id}`);
  });

  it('a timeout on the last chunk followed by success on YouTube: found by search, never uploaded twice', async () => {
    kit.youtube.controls.lastChunkDelayMs = 4_000;
    // Longer than the search result's shortened description: found by title, confirmed by the full text.
    const text = `YouTube lost answer\n${'A long description of the video. '.repeat(10)}`;
    const id = await posts.create({ text, media_ids: [await video()], account_ids: [account] });
    const post = await eventually(posts.read(id), (p) => p.status === 'published', 30_000);
    kit.youtube.controls.lastChunkDelayMs = 0;
    expect(post.targets[0]?.attempts).toBe(1);
    const uploaded = kit.youtube.videos.filter((v) => v.title === 'YouTube lost answer');
    expect(uploaded).toHaveLength(1);
    expect(post.targets[0]?.remote_url).toBe(`https://www.youtube.com/watch?v=${uploaded[0]?.id}`);
  });

  it('a 429 with Retry-After is retried; an invalid title (400) fails at once as rejected', async () => {
    kit.youtube.failNext('POST', /^\/upload\/youtube\/v3\/videos$/, {
      status: 429,
      headers: { 'retry-after': '1' },
      json: { error: { code: 429, message: 'Too many requests', status: 'RESOURCE_EXHAUSTED' } },
    });
    const limited = await posts.create({
      text: 'After the limit',
      media_ids: [await video()],
      account_ids: [account],
    });
    const ok = await eventually(posts.read(limited), done, 30_000);
    expect(ok.status, JSON.stringify(ok.targets)).toBe('published');
    expect(ok.targets[0]?.attempts).toBe(2);
    expect(kit.youtube.videos.filter((v) => v.title === 'After the limit')).toHaveLength(1);

    const refused = await posts.create({
      text: 'A <bad> title',
      media_ids: [await video()],
      account_ids: [account],
    });
    const failed = await eventually(posts.read(refused), done);
    expect(failed.targets[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error_code: 'rejected',
        error_status: 400,
      }),
    );
  });

  it('refreshes the token (Google keeps the first refresh token); a revoked grant asks to reconnect, by mail', async () => {
    const soon = await expireSoon(kit, acme, account);
    await refreshDueAccounts(kit.t.ctx);
    const [renewed] = await posts.accounts();
    expect(String(renewed?.token_expires_at) > soon).toBe(true);
    // Refreshed again with the refresh token kept from the first exchange.
    await expireSoon(kit, acme, account);
    await refreshDueAccounts(kit.t.ctx);
    expect((await posts.accounts())[0]?.status).toBe('active');

    kit.youtube.revokeAll();
    await expireSoon(kit, acme, account);
    const sent = kit.smtp.mails.length;
    await refreshDueAccounts(kit.t.ctx);
    expect((await posts.accounts())[0]).toEqual(
      expect.objectContaining({
        status: 'reconnect_needed',
        last_error: 'auth_expired',
      }),
    );
    expect((await kit.smtp.waitFor('ana@example.com', sent)).subject).toContain('Acme TV');
  });
});
