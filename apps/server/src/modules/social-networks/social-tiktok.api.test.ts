import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMedium,
  eventually,
  expireSoon,
  type NetworkSuite,
  type SocialKit,
  startNetworkSuite,
  videoBytes,
} from '../../test-support/social-standins/social-test-kit.ts';
import { refreshDueAccounts } from '../social-accounts/social-accounts.service.ts';

let kit: SocialKit;
let acme: number;
let account: number;
let posts: NetworkSuite['posts'];
let suite: NetworkSuite;

beforeAll(async () => {
  suite = await startNetworkSuite('tiktok');
  ({ kit, acme, account, posts } = suite);
});
afterAll(() => kit.close());

const done = (p: { status: string }) => ['published', 'failed'].includes(p.status);
const clip = (size = 2_000) =>
  addMedium(kit, acme, { kind: 'video', mime: 'video/mp4', bytes: videoBytes(size), duration_ms: 15_000 });

describe('TikTok (Login Kit and Content Posting API, direct post)', () => {
  it('connects the TikTok user; the one-day token’s expiry is kept for the refresh job', async () => {
    const [row] = await posts.accounts();
    expect(row).toEqual(
      expect.objectContaining({ id: account, type: 'tiktok', name: 'Acme on TikTok', handle: 'acme.tt' }),
    );
    const hours = (Date.parse(String(row?.token_expires_at)) - Date.now()) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
  });

  it('publishes a small video in one chunk (under 5 MB: chunk_size = video_size)', async () => {
    const id = await posts.create({
      text: 'A short clip',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), done);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const upload = kit.tiktok.completed().find((p) => p.title === 'A short clip');
    expect(upload).toEqual(expect.objectContaining({ chunkCount: 1, size: 2_000, received: 2_000 }));
  });

  it('uploads a larger video in chunks by the documented rules (⌊size / chunk⌋ chunks, the rest on the last)', {
    timeout: 90_000,
  }, async () => {
    const size = 21 * 1024 * 1024;
    const id = await posts.create({
      text: 'A long clip',
      media_ids: [await clip(size)],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), done, 60_000);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const upload = kit.tiktok.completed().find((p) => p.title === 'A long clip');
    expect(upload).toEqual(
      expect.objectContaining({
        chunkSize: 10 * 1024 * 1024,
        chunkCount: 2,
        chunksReceived: 2,
        received: size,
      }),
    );
  });

  it('a timeout on the last chunk followed by success on TikTok: settled by status/fetch, never posted twice', async () => {
    kit.tiktok.controls.lastChunkDelayMs = 4_000;
    kit.tiktok.controls.processingPolls = 2;
    const id = await posts.create({
      text: 'TikTok lost answer',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), (p) => p.status === 'published', 30_000);
    kit.tiktok.controls.lastChunkDelayMs = 0;
    kit.tiktok.controls.processingPolls = 1;
    expect(post.targets[0]?.attempts).toBe(1);
    const uploads = [...kit.tiktok.publishes.values()].filter((p) => p.title === 'TikTok lost answer');
    expect(uploads).toHaveLength(1);
    expect(post.targets[0]?.remote_url).toBe(`https://www.tiktok.com/@acme.tt/video/${uploads[0]?.postId}`);
  });

  it('429 rate_limit_exceeded is retried after Retry-After; a posting cap fails at once as posting_limit', async () => {
    kit.tiktok.failNext('POST', /\/video\/init\/$/, {
      status: 429,
      headers: { 'retry-after': '1' },
      json: { error: { code: 'rate_limit_exceeded', message: 'API rate limit was exceeded.', log_id: 'x' } },
    });
    const limited = await posts.create({
      text: 'After the limit',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const ok = await eventually(posts.read(limited), done, 30_000);
    expect(ok.status, JSON.stringify(ok.targets)).toBe('published');
    expect(ok.targets[0]?.attempts).toBe(2);
    expect(kit.tiktok.completed().filter((p) => p.title === 'After the limit')).toHaveLength(1);

    kit.tiktok.failNext('POST', /\/video\/init\/$/, {
      status: 400,
      json: {
        error: {
          code: 'spam_risk_too_many_posts',
          message: 'The daily post cap from the API is reached.',
          log_id: 'x',
        },
      },
    });
    const refused = await posts.create({
      text: 'One too many',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const failed = await eventually(posts.read(refused), done);
    expect(failed.targets[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error_code: 'posting_limit',
        error_status: 400,
      }),
    );
  });

  it('asks creator info before each post and posts with the chosen privacy level', async () => {
    const asked = kit.tiktok.creatorInfoCalls.length;
    const id = await posts.create({
      text: 'Friends only',
      media_ids: [await clip()],
      account_ids: [account],
      options: { tiktok: { privacy_level: 'MUTUAL_FOLLOW_FRIENDS' } },
    });
    const post = await eventually(posts.read(id), done);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.options).toEqual({ tiktok: { privacy_level: 'MUTUAL_FOLLOW_FRIENDS' } });
    expect(kit.tiktok.creatorInfoCalls.length).toBe(asked + 1);
    const upload = kit.tiktok.completed().find((p) => p.title === 'Friends only');
    expect(upload?.privacyLevel).toBe('MUTUAL_FOLLOW_FRIENDS');
    // Without a choice: public, where the creator may post publicly.
    const plain = await posts.create({
      text: 'Public by default',
      media_ids: [await clip()],
      account_ids: [account],
    });
    expect((await eventually(posts.read(plain), done)).status).toBe('published');
    expect(kit.tiktok.completed().find((p) => p.title === 'Public by default')?.privacyLevel).toBe(
      'PUBLIC_TO_EVERYONE',
    );
  });

  it('refuses before uploading a privacy level the creator may not use, or a video over the creator’s limit', async () => {
    const before = kit.tiktok.publishes.size;
    kit.tiktok.controls.privacyLevelOptions = ['FOLLOWER_OF_CREATOR', 'SELF_ONLY']; // the account went private
    const publicPost = await posts.create({
      text: 'Public wish',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const refused = await eventually(posts.read(publicPost), done);
    expect(refused.targets[0]).toEqual(
      expect.objectContaining({ status: 'failed', attempts: 1, error_code: 'privacy_level_unavailable' }),
    );
    kit.tiktok.controls.privacyLevelOptions = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
    kit.tiktok.controls.maxVideoPostDurationSec = 10;
    const long = await posts.create({
      text: 'Fifteen seconds',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const tooLong = await eventually(posts.read(long), done);
    kit.tiktok.controls.maxVideoPostDurationSec = 600;
    expect(tooLong.targets[0]).toEqual(
      expect.objectContaining({ status: 'failed', error_code: 'video_too_long' }),
    );
    expect(kit.tiktok.publishes.size).toBe(before);
  });

  it('gives the composer the creator info of a TikTok account, and TikTok’s refusal as a reason code', async () => {
    const { ana } = suite;
    const info = (id: number, company = acme) =>
      kit.t.call(ana, {
        method: 'GET',
        url: `/api/companies/${company}/social/accounts/${id}/tiktok-creator-info`,
      });
    const ok = await info(account);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({
      privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      max_video_post_duration_sec: 600,
      nickname: 'Acme on TikTok',
    });
    kit.tiktok.controls.postingRefusal = 'spam_risk_too_many_posts';
    const capped = await info(account);
    kit.tiktok.controls.postingRefusal = null;
    expect(capped.statusCode).toBe(409);
    expect(capped.json().details).toEqual({ account_id: ['posting_limit'] });
    expect((await info(account + 1000)).statusCode).toBe(404);
    const other = await kit.t.company('Other', [3], []);
    expect((await info(account, other)).statusCode).toBe(403);
    const bad = await kit.t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/social/posts`,
      payload: { text: 'x', account_ids: [account], options: { tiktok: { privacy_level: 'EVERYONE' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ 'options.tiktok.privacy_level': ['invalid_privacy_level'] });
  });

  it('refreshes the token; a refused refresh marks the account "reconnect needed" with a mail', async () => {
    const soon = await expireSoon(kit, acme, account);
    await refreshDueAccounts(kit.t.ctx);
    const [renewed] = await posts.accounts();
    expect(String(renewed?.token_expires_at) > soon).toBe(true);

    kit.tiktok.revokeAll();
    await expireSoon(kit, acme, account);
    const sent = kit.smtp.mails.length;
    await refreshDueAccounts(kit.t.ctx);
    const [broken] = await posts.accounts();
    expect(broken).toEqual(
      expect.objectContaining({
        status: 'reconnect_needed',
        last_error: 'auth_expired',
      }),
    );
    expect((await kit.smtp.waitFor('ana@example.com', sent)).subject).toContain('Acme on TikTok');
  });

  it('an invalid access token fails the post at once (401 access_token_invalid)', async () => {
    await kit.t.ctx.db
      .updateTable('social_accounts')
      .set({ status: 'active', token_expires_at: null })
      .where('company_id', '=', acme)
      .where('id', '=', account)
      .execute();
    const id = await posts.create({
      text: 'With a dead token',
      media_ids: [await clip()],
      account_ids: [account],
    });
    const failed = await eventually(posts.read(id), done);
    expect(failed.targets[0]).toEqual(
      expect.objectContaining({ status: 'failed', attempts: 1, error_code: 'auth_expired' }),
    );
  });
});
