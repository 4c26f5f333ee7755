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

beforeAll(async () => {
  ({ kit, acme, account, posts } = await startNetworkSuite('linkedin'));
});
afterAll(() => kit.close());

const done = (p: { status: string }) => ['published', 'failed'].includes(p.status);

describe('LinkedIn organisation pages (Community Management API)', () => {
  it('connects the organisation the person administers; the token’s stated expiry is kept', async () => {
    const [row] = await posts.accounts();
    expect(row).toEqual(
      expect.objectContaining({ id: account, type: 'linkedin', name: 'Acme d.o.o.', handle: 'acme' }),
    );
    // LinkedIn states 60 days for the access token.
    const days = (Date.parse(String(row?.token_expires_at)) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
  });

  it('publishes text with an image (initializeUpload + PUT) and sends the LinkedIn-Version header', async () => {
    const image = await addMedium(kit, acme);
    const id = await posts.create({ text: 'Hello from Acme', media_ids: [image], account_ids: [account] });
    const post = await eventually(posts.read(id), done);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const [remote] = kit.linkedin.posts.filter((p) => p.commentary === 'Hello from Acme');
    expect(remote?.content.media.id).toMatch(/^urn:li:image:/);
    expect(post.targets[0]?.remote_url).toBe(
      `https://www.linkedin.com/feed/update/${encodeURIComponent(String(remote?.id))}`,
    );
    expect([...kit.linkedin.seenVersions]).toHaveLength(1);
  });

  it('publishes a video by the multi-part upload: every part PUT, finalized with the ETags, used once AVAILABLE', async () => {
    kit.linkedin.controls.partBytes = 1_000; // LinkedIn's parts are 4 MiB; small parts make a small file multi-part
    const video = await addMedium(kit, acme, {
      kind: 'video',
      mime: 'video/mp4',
      bytes: videoBytes(3_500),
      duration_ms: 10_000,
    });
    const id = await posts.create({
      text: 'Our video on LinkedIn',
      media_ids: [video],
      account_ids: [account],
    });
    const post = await eventually(posts.read(id), done);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const [remote] = kit.linkedin.posts.filter((p) => p.commentary === 'Our video on LinkedIn');
    const uploaded = kit.linkedin.videos.get(String(remote?.content.media.id));
    expect(uploaded?.parts).toHaveLength(4);
    expect(uploaded?.parts.every((p) => p.etag)).toBe(true);
    expect(uploaded?.status).toBe('AVAILABLE');
  });

  it('a timeout on the post followed by success on LinkedIn: found among the author’s posts, never posted twice', async () => {
    kit.linkedin.controls.publishDelayMs = 4_000;
    const id = await posts.create({ text: 'LinkedIn lost answer', account_ids: [account] });
    const post = await eventually(posts.read(id), (p) => p.status === 'published', 30_000);
    kit.linkedin.controls.publishDelayMs = 0;
    expect(post.targets[0]?.attempts).toBe(1);
    expect(kit.linkedin.posts.filter((p) => p.commentary === 'LinkedIn lost answer')).toHaveLength(1);
  });

  it('429 waits as long as Retry-After asks and retries; a 422 fails at once as rejected', async () => {
    kit.linkedin.failNext('POST', /^\/rest\/posts$/, {
      status: 429,
      headers: { 'retry-after': '1' },
      json: {
        status: 429,
        message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
      },
    });
    const limited = await posts.create({ text: 'After the throttle', account_ids: [account] });
    const started = Date.now();
    const ok = await eventually(posts.read(limited), done, 30_000);
    expect(ok.status).toBe('published');
    expect(ok.targets[0]?.attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(kit.linkedin.posts.filter((p) => p.commentary === 'After the throttle')).toHaveLength(1);

    kit.linkedin.failNext('POST', /^\/rest\/posts$/, {
      status: 422,
      json: { status: 422, message: '/commentary :: contains a mention that cannot be resolved' },
    });
    const refused = await posts.create({ text: 'Bad mention', account_ids: [account] });
    const failed = await eventually(posts.read(refused), done);
    expect(failed.targets[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error_code: 'rejected',
        error_status: 422,
      }),
    );
  });

  it('tells the owner 7 days ahead when LinkedIn’s stated refresh-token expiry nears: once, by mail and on screen', async () => {
    const [fresh] = await posts.accounts();
    // A year from the connection, as LinkedIn states it (refresh_token_expires_in).
    expect(Math.round((Date.parse(String(fresh?.reconnect_by)) - Date.now()) / 86_400_000)).toBe(365);
    const { db } = kit.t.ctx;
    const ends = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await db
      .updateTable('social_accounts')
      .set({ refresh_expires_at: ends })
      .where('company_id', '=', acme)
      .where('id', '=', account)
      .execute();
    await refreshDueAccounts(kit.t.ctx);
    const day = new Intl.DateTimeFormat('hr', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ends));
    // The body (the capture unfolds long subject lines with spaces).
    const notices = async () => kit.smtp.mails.filter((m) => m.text.includes(`Acme d.o.o. ${day}`));
    const [mail] = await eventually(notices, (found) => found.length > 0);
    expect(mail?.text).toContain('LinkedIn');
    const [shown] = await posts.accounts();
    expect(shown).toEqual(expect.objectContaining({ status: 'active', reconnect_by: ends }));
    const events = await db
      .selectFrom('change_events')
      .select('type')
      .where('company_id', '=', acme)
      .where('type', '=', 'social_account.expires_soon')
      .execute();
    expect(events).toHaveLength(1);
    // Told once: the next runs of the job stay quiet.
    await refreshDueAccounts(kit.t.ctx);
    await new Promise((r) => setTimeout(r, 500));
    expect(await notices()).toHaveLength(1);
  });

  it('refreshes an expiring token; a refused refresh marks the account "reconnect needed" and mails the owner', async () => {
    const soon = await expireSoon(kit, acme, account);
    await refreshDueAccounts(kit.t.ctx);
    const [renewed] = await posts.accounts();
    expect(renewed?.status).toBe('active');
    expect(String(renewed?.token_expires_at) > soon).toBe(true);
    // The renewed token works.
    const id = await posts.create({ text: 'With the renewed token', account_ids: [account] });
    expect((await eventually(posts.read(id), done)).status).toBe('published');

    kit.linkedin.revokeAll();
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
    const mail = await kit.smtp.waitFor('ana@example.com', sent);
    expect(mail.subject).toContain('Acme d.o.o.');
  });
});
