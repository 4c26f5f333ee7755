import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  expireSoon,
  type NetworkSuite,
  type SocialKit,
  startNetworkSuite,
} from '../../test-support/social-standins/social-test-kit.ts';
import { refreshDueAccounts } from '../social-accounts/social-accounts.service.ts';

// A network's error body reaches nobody (decision 059): only Kontora's code and the HTTP status
// are answered, stored, fed to webhooks and live updates, and mailed.
const MARKER = 'qz7-remote-body';
const body = (status: number, extra: Record<string, unknown> = {}) => ({
  status,
  json: {
    title: `${MARKER} title`,
    detail: `${MARKER} detail`,
    errors: [{ message: `${MARKER} message`, type: `${MARKER} type` }],
    ...extra,
  },
});

/** Tables where anything of a failed call could land. */
const TABLES = [
  'social_post_targets',
  'social_post_history',
  'social_accounts',
  'change_events',
  'notifications',
  'jobs',
  'audit_entries',
] as const;

let kit: SocialKit;
let ana: string;
let acme: number;
let account: number;
let posts: NetworkSuite['posts'];
/** The post the first refusal failed, read again after the refused refresh. */
let refused = 0;

beforeAll(async () => {
  ({ kit, ana, acme, account, posts } = await startNetworkSuite('x'));
});
afterAll(() => kit.close());

/** Every answer a person of the company can read about posts, accounts and notices. */
async function answers(postId: number): Promise<string[]> {
  const urls = [
    `/api/companies/${acme}/social/posts/${postId}`,
    `/api/companies/${acme}/social/posts`,
    `/api/companies/${acme}/social/accounts`,
    '/api/me/notifications',
  ];
  const bodies: string[] = [];
  for (const url of urls) {
    const res = await kit.t.call(ana, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    bodies.push(res.body);
  }
  return bodies;
}

async function stored(): Promise<string> {
  const { db } = kit.t.ctx;
  const rows = await Promise.all(
    TABLES.map((table) => db.selectFrom(table).selectAll().where('company_id', '=', acme).execute()),
  );
  return JSON.stringify(rows);
}

describe('remote error bodies', () => {
  it('a refused publish answers our code and the status, and keeps nothing the network wrote', async () => {
    const sent = kit.smtp.mails.length;
    kit.x.failNext('POST', /^\/2\/tweets$/, body(400));
    const id = await posts.create({ text: 'Refused with a body', account_ids: [account] });
    refused = id;
    const post = await eventually(posts.read(id), (p) => p.status === 'failed');
    expect(post.targets[0]).toMatchObject({ status: 'failed', error_code: 'rejected', error_status: 400 });
    for (const answer of await answers(id)) expect(answer).not.toContain(MARKER);
    expect(await stored()).not.toContain(MARKER);
    const mail = await kit.smtp.waitFor('ana@example.com', sent);
    expect(mail.raw + mail.text + mail.subject).not.toContain(MARKER);
  });

  it('a duplicate X names only in words becomes duplicate_post, without the words', async () => {
    kit.x.failNext('POST', /^\/2\/tweets$/, {
      status: 403,
      json: {
        title: 'Forbidden',
        detail: `You are not allowed to create a Tweet with duplicate content. ${MARKER}`,
      },
    });
    const id = await posts.create({ text: 'Said twice', account_ids: [account] });
    const post = await eventually(posts.read(id), (p) => p.status === 'failed');
    expect(post.targets[0]).toMatchObject({ error_code: 'duplicate_post', error_status: 403 });
    for (const answer of await answers(id)) expect(answer).not.toContain(MARKER);
  });

  it('a refused refresh marks the account with our code, and keeps nothing the network wrote', async () => {
    const sent = kit.smtp.mails.length;
    kit.x.failNext(
      'POST',
      /^\/2\/oauth2\/token$/,
      body(400, { error: 'invalid_grant', error_description: MARKER }),
    );
    await expireSoon(kit, acme, account);
    await refreshDueAccounts(kit.t.ctx);
    const [broken] = await posts.accounts();
    expect(broken).toMatchObject({ status: 'reconnect_needed', last_error: 'auth_expired' });
    for (const answer of await answers(refused)) expect(answer).not.toContain(MARKER);
    expect(await stored()).not.toContain(MARKER);
    const mail = await kit.smtp.waitFor('ana@example.com', sent);
    expect(mail.raw + mail.text + mail.subject).not.toContain(MARKER);
  });
});
