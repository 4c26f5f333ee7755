import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, pngImage } from '../test-support/media-fixtures.ts';
import {
  connectX,
  eventually,
  type SocialKit,
  startSocialKit,
} from '../test-support/social-standins/social-test-kit.ts';

/**
 * Every create of the product takes an Idempotency-Key, so that a double click (or a retry
 * whose answer was lost) makes one record: docs/decisions/053-one-create-per-click.md.
 */

let kit: SocialKit;
let ana: string;
let eva: string;
let root: string;
let acme: number;
let beta: number;
let xAccount: number;

beforeAll(async () => {
  kit = await startSocialKit();
  const { t } = kit;
  const anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  await t.user('root@example.com', { is_admin: true });
  acme = await t.company('Acme', [1, 2, 3], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [1, 2, 3], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
  root = await t.login('root@example.com');
  xAccount = await connectX(kit, ana, acme);
});
afterAll(() => kit.close());

type Sent = { payload?: unknown; headers?: Record<string, string> };
const send = (token: string, url: string, key: string | undefined, { payload, headers = {} }: Sent) =>
  kit.t.call(token, {
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
/** Two clicks that reach the server together, with the key of the form's attempt. */
const doubleClick = (token: string, url: string, key: string, sent: Sent) =>
  Promise.all([send(token, url, key, sent), send(token, url, key, sent)]);

async function rowsOf(table: 'customers' | 'social_posts' | 'social_media' | 'api_keys', company: number) {
  const row = await kit.t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The second of two requests with one key: the first's answer replayed, or "still running" while it ran. */
function expectOneCreated(answers: LightMyRequestResponse[]) {
  const created = answers.filter((a) => a.statusCode === 201);
  expect(created.length, answers.map((a) => a.body).join('\n')).toBeGreaterThan(0);
  expect(new Set(created.map((a) => a.json().data.id)).size).toBe(1);
  for (const other of answers.filter((a) => a.statusCode !== 201))
    expect([other.statusCode, other.json().code]).toEqual([409, 'idempotency_key_in_use']);
}

describe('one record per Idempotency-Key on every create', () => {
  it('makes one post, and one tweet, for a double-clicked “Publish now”', async () => {
    const url = `/api/companies/${acme}/social/posts`;
    const tweetsBefore = kit.x.calls.filter((c) => c.method === 'POST' && c.path === '/2/tweets').length;
    const postsBefore = await rowsOf('social_posts', acme);
    const text = `Publish once ${Date.now()}`;
    const answers = await doubleClick(ana, url, 'publish-1', {
      payload: { text, account_ids: [xAccount], scheduled_at: null },
    });
    expectOneCreated(answers);
    expect(await rowsOf('social_posts', acme)).toBe(postsBefore + 1);
    await eventually(
      async () => kit.x.tweets.filter((tweet) => tweet.text === text).length,
      (n) => n === 1,
    );
    // A retry after the publish: the first answer again, no second post.
    const retry = await send(ana, url, 'publish-1', {
      payload: { text, account_ids: [xAccount], scheduled_at: null },
    });
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(await rowsOf('social_posts', acme)).toBe(postsBefore + 1);
    expect(kit.x.calls.filter((c) => c.method === 'POST' && c.path === '/2/tweets').length).toBe(
      tweetsBefore + 1,
    );
  });

  it('makes one post for a double-clicked “Schedule post” and “Save draft”', async () => {
    const url = `/api/companies/${acme}/social/posts`;
    const before = await rowsOf('social_posts', acme);
    const at = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expectOneCreated(
      await doubleClick(ana, url, 'schedule-1', {
        payload: { text: `Later ${Date.now()}`, account_ids: [xAccount], scheduled_at: at },
      }),
    );
    expectOneCreated(
      await doubleClick(ana, url, 'draft-1', {
        payload: { text: `Draft ${Date.now()}`, account_ids: [xAccount], draft: true },
      }),
    );
    expect(await rowsOf('social_posts', acme)).toBe(before + 2);
  });

  it('keeps one medium for an upload sent twice; another file under the same key is refused', async () => {
    const url = `/api/companies/${acme}/social/media`;
    const before = await rowsOf('social_media', acme);
    const image = await pngImage(40, 30);
    // Each send builds its form anew (a new boundary of the same length), as a browser's retry does.
    const form = () => multipartFile('photo.png', image, { type: 'image/png' });
    const answers = await Promise.all([
      send(ana, url, 'upload-1', form()),
      send(ana, url, 'upload-1', form()),
    ]);
    expectOneCreated(answers);
    const again = await send(ana, url, 'upload-1', form());
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(await rowsOf('social_media', acme)).toBe(before + 1);

    const other = await send(ana, url, 'upload-1', multipartFile('b.png', await pngImage(41, 30)));
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_key_reused']);
    expect(await rowsOf('social_media', acme)).toBe(before + 1);
  });

  it('makes one API key, repeats its secret while the key lives, and refuses the replay once revoked', async () => {
    const url = `/api/companies/${acme}/api-keys`;
    const before = await rowsOf('api_keys', acme);
    const body = { payload: { name: 'Zapier', scopes: { customers: 'read' } } };
    const answers = await doubleClick(ana, url, 'key-1', body);
    expectOneCreated(answers);
    expect(await rowsOf('api_keys', acme)).toBe(before + 1);
    const first = answers.find((a) => a.statusCode === 201)?.json().data;

    const again = await send(ana, url, 'key-1', body);
    expect([again.statusCode, again.json().data.key]).toEqual([201, first.key]);
    // The kept answer holds the secret sealed, never in clear.
    const kept = await kit.t.ctx.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('key', '=', 'key-1')
      .executeTakeFirstOrThrow();
    expect(kept.response_body).not.toContain(first.key);

    const revoked = await kit.t.call(ana, { method: 'DELETE', url: `${url}/${first.id}` });
    expect(revoked.statusCode).toBe(204);
    const stale = await send(ana, url, 'key-1', body);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'idempotent_replay_stale']);
    expect(stale.body).not.toContain(first.key);
    expect(await rowsOf('api_keys', acme)).toBe(before + 1);
  });

  it('makes one record for each other create sent twice at once', async () => {
    const customers = `/api/companies/${acme}/customers`;
    const before = await rowsOf('customers', acme);
    expectOneCreated(await doubleClick(ana, customers, 'c-1', { payload: { name: 'Double Click d.o.o.' } }));
    expect(await rowsOf('customers', acme)).toBe(before + 1);
    const customerId = (await send(ana, customers, undefined, { payload: { name: 'Noted' } })).json().data.id;

    const cases: [string, string, unknown][] = [
      [ana, `${customers}/${customerId}/timeline`, { body: 'Called back' }],
      [ana, `/api/companies/${acme}/events`, { title: 'Call', start_at: '2030-03-02T09:00:00Z' }],
      [
        ana,
        `/api/companies/${acme}/customer-views`,
        { name: 'Leads', filter: { status: 'lead' }, sort: 'name', dir: 'asc', columns: ['status'] },
      ],
      [ana, `/api/companies/${acme}/invitations`, { email: 'twice@example.com', role: 'member' }],
      [root, '/api/admin/companies', { name: 'Twice Co' }],
      [root, '/api/admin/users', { email: 'twice-user@example.com', full_name: 'Twice' }],
    ];
    for (const [token, url, payload] of cases) {
      const answers = await doubleClick(token, url, 'other-1', { payload });
      expectOneCreated(answers);
    }
    const count = async (table: 'customer_views' | 'events' | 'company_invitations') =>
      (await kit.t.ctx.db.selectFrom(table).select('id').where('company_id', '=', acme).execute()).length;
    expect(await count('customer_views')).toBe(1);
    expect(await count('events')).toBe(1);
    expect(await count('company_invitations')).toBe(1);
    const companies = await kit.t.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Twice Co')
      .execute();
    expect(companies).toHaveLength(1);
  });

  it('keeps keys per caller: another company’s owner with the same key creates her own, never sees Acme’s', async () => {
    const url = (company: number) => `/api/companies/${company}/customers`;
    const mine = await send(ana, url(acme), 'shared-key', { payload: { name: 'Same Key' } });
    const hers = await send(eva, url(beta), 'shared-key', { payload: { name: 'Same Key' } });
    expect([mine.statusCode, hers.statusCode]).toEqual([201, 201]);
    expect(hers.json().data.id).not.toBe(mine.json().data.id);
    expect(hers.headers['idempotent-replayed']).toBeUndefined();
    // Eva's key on Acme's address: refused by access, before any key is looked at.
    const across = await send(eva, url(acme), 'shared-key', { payload: { name: 'Same Key' } });
    expect(across.statusCode).toBe(403);
    expect(across.headers['idempotent-replayed']).toBeUndefined();
  });

  it('declares the header on every POST that answers 201 (every create)', async () => {
    const doc = (await kit.t.call(undefined, { method: 'GET', url: '/api/openapi.json' })).json();
    // Asking for an approval link replaces the pending one: a second call leaves one working link.
    const notCreates = new Set(['/api/companies/{companyId}/social/posts/{id}/request-approval']);
    type Post = { responses: Record<string, unknown>; parameters?: { in: string; name: string }[] };
    const creates = Object.entries(doc.paths as Record<string, { post?: Post }>).filter(
      ([path, item]) => item.post?.responses['201'] && !notCreates.has(path),
    );
    expect(creates.length).toBeGreaterThanOrEqual(13);
    const missing = creates
      .filter(
        ([, item]) =>
          !(item.post?.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key'),
      )
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });
});
