import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMedium,
  eventually,
  type NetworkSuite,
  type SocialKit,
  startNetworkSuite,
  videoBytes,
} from '../../test-support/social-standins/social-test-kit.ts';

let kit: SocialKit;
let acme: number;
let account: number;
let posts: NetworkSuite['posts'];

beforeAll(async () => {
  ({ kit, acme, account, posts } = await startNetworkSuite('instagram'));
});
afterAll(() => kit.close());

const reel = async (size = 2_500) =>
  addMedium(kit, acme, { kind: 'video', mime: 'video/mp4', bytes: videoBytes(size), duration_ms: 5_000 });

describe('Instagram business accounts (Graph API content publishing)', () => {
  it('connects the Instagram account of the page the person manages, with the page token', async () => {
    const [row] = await posts.accounts();
    expect(row).toEqual(
      expect.objectContaining({
        id: account,
        type: 'instagram',
        name: 'Acme on Instagram',
        handle: 'acme.ig',
      }),
    );
    // Page tokens state no expiry: nothing to refresh, nothing to warn about.
    expect(row?.token_expires_at).toBeNull();
    expect(row?.reconnect_by).toBeNull();
  });

  it('publishes a reel: container, resumable upload, status until FINISHED, media_publish, permalink', async () => {
    kit.instagram.controls.processingPolls = 2;
    const id = await posts.create({
      text: 'Our first reel',
      media_ids: [await reel(3_000)],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), (p) => ['published', 'failed'].includes(p.status));
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const published = kit.instagram.media.filter((m) => m.caption === 'Our first reel');
    expect(published).toHaveLength(1);
    expect(post.targets[0]?.remote_url).toBe(published[0]?.permalink);
    const container = [...kit.instagram.containers.values()].find((c) => c.caption === 'Our first reel');
    expect(container).toEqual(expect.objectContaining({ mediaType: 'REELS', size: 3_000, received: 3_000 }));
    kit.instagram.controls.processingPolls = 1;
  });

  it('a timeout on media_publish followed by success on Instagram: found by caption, never published twice', async () => {
    kit.instagram.controls.publishDelayMs = 4_000; // longer than the adapter's deadline (1.5 s in tests)
    const id = await posts.create({
      text: 'Reel with a lost answer',
      media_ids: [await reel()],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), (p) => p.status === 'published', 30_000);
    kit.instagram.controls.publishDelayMs = 0;
    expect(post.targets[0]?.attempts).toBe(1);
    expect(kit.instagram.media.filter((m) => m.caption === 'Reel with a lost answer')).toHaveLength(1);
    expect(post.history.map((h: { kind: string }) => h.kind)).toContain('unconfirmed');
  });

  it('retries a Graph rate limit (code 4), fails a refused medium at once as media_rejected', async () => {
    kit.instagram.failNext('POST', /\/media$/, {
      status: 400,
      json: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4 } },
    });
    const limited = await posts.create({
      text: 'After the limit',
      media_ids: [await reel()],
      account_ids: [account],
    });
    const done = await eventually(posts.read(limited), (p) => p.status === 'published');
    expect(done.targets[0]?.attempts).toBe(2);

    kit.instagram.failNext('POST', /\/media$/, {
      status: 400,
      json: { error: { message: 'The aspect ratio is not supported.', type: 'OAuthException', code: 36003 } },
    });
    const refused = await posts.create({
      text: 'Odd ratio',
      media_ids: [await reel()],
      account_ids: [account],
    });
    const failed = await eventually(posts.read(refused), (p) => p.status === 'failed');
    expect(failed.targets[0]).toEqual(
      expect.objectContaining({
        attempts: 1,
        error_code: 'media_rejected',
        error_status: 400,
      }),
    );
  });

  it('an expired token fails at once, marks the account "reconnect needed" and mails the owner', async () => {
    const sent = kit.smtp.mails.length;
    kit.instagram.revokeAll();
    const id = await posts.create({
      text: 'After expiry',
      media_ids: [await reel()],
      account_ids: [account],
    });
    const failed = await eventually(posts.read(id), (p) => p.status === 'failed');
    expect(failed.targets[0]).toEqual(expect.objectContaining({ error_code: 'auth_expired', attempts: 1 }));
    expect((await posts.accounts())[0]?.status).toBe('reconnect_needed');
    const mail = await kit.smtp.waitFor('ana@example.com', sent);
    expect(mail.subject + mail.text).toMatch(/Acme on Instagram/);
  });
});
