import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocialKit, startTwoCompanies } from '../../test-support/social-standins/social-test-kit.ts';

// What every write of a post owes (post-writes.ts): the version check, real before values
// in the change feed, publish jobs that name their company, and no job left behind by an edit.
let kit: SocialKit;
let ana: string;
let marko: string;
let acme: number;
let xAccount: number;

beforeAll(async () => {
  ({ kit, ana, marko, acme, xAccount } = await startTwoCompanies());
});
afterAll(() => kit.close());

const posts = (rest = '') => `/api/companies/${acme}/social/posts${rest}`;
const hour = 3_600_000;
let serial = 0;
const fresh = (text: string) => `${text} #${++serial} ${Date.now()}`;

async function scheduled(text: string) {
  const res = await kit.t.call(ana, {
    method: 'POST',
    url: posts(),
    payload: { text, account_ids: [xAccount], scheduled_at: new Date(Date.now() + 2 * hour).toISOString() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number; targets: { id: number }[] };
}

const patch = (token: string, id: number, payload: Record<string, unknown>) =>
  kit.t.call(token, { method: 'PATCH', url: posts(`/${id}`), payload });

/** The publish jobs not yet run. */
const waitingPublishJobs = () =>
  kit.t.ctx.db
    .selectFrom('jobs')
    .select(['payload', 'company_id'])
    .where('name', '=', 'social.publish')
    .where('state', 'in', ['waiting', 'failed'])
    .execute();

describe('changing a post', () => {
  it('needs the version read: two editors do not overwrite each other (409 stale_update)', async () => {
    const post = await scheduled(fresh('Two editors'));
    const missing = await patch(ana, post.id, { text: fresh('No version') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ version: ['required'] });

    const first = await patch(ana, post.id, { text: fresh('Ana wins'), version: post.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(post.version + 1);
    const second = await patch(marko, post.id, { text: fresh('Marko was late'), version: post.version });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('stale_update');
    const now = await kit.t.call(ana, { method: 'GET', url: posts(`/${post.id}`) });
    expect(now.json().data.text).toBe(first.json().data.text);
  });

  it('records the values before and after in the change feed', async () => {
    const text = fresh('Before');
    const post = await scheduled(text);
    const later = new Date(Date.now() + 5 * hour).toISOString();
    const after = fresh('After');
    const res = await patch(ana, post.id, { text: after, scheduled_at: later, version: post.version });
    expect(res.statusCode, res.body).toBe(200);
    const row = await kit.t.ctx.db
      .selectFrom('change_events')
      .select(['changes', 'entity_version'])
      .where('company_id', '=', acme)
      .where('type', '=', 'social_post.updated')
      .where('entity_id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.entity_version).toBe(post.version + 1);
    expect(JSON.parse(String(row.changes))).toEqual([
      { field: 'text', before: text, after },
      { field: 'scheduled_at', before: expect.any(String), after: later },
    ]);
  });
});

describe('publish jobs', () => {
  it('belong to the post’s company', async () => {
    const post = await scheduled(fresh('Whose job'));
    const mine = (await waitingPublishJobs()).filter(
      (job) => JSON.parse(job.payload).target_id === post.targets[0]?.id,
    );
    expect(mine).toEqual([expect.objectContaining({ company_id: acme })]);
  });

  it('rescheduling N times leaves exactly one waiting publish job per target', async () => {
    let post = await scheduled(fresh('Moved often'));
    for (let n = 1; n <= 4; n++) {
      const at = new Date(Date.now() + (2 + n) * hour).toISOString();
      const res = await patch(ana, post.id, { scheduled_at: at, version: post.version });
      expect(res.statusCode, res.body).toBe(200);
      post = res.json().data;
    }
    const targetIds = post.targets.map((t) => t.id);
    const jobs = (await waitingPublishJobs()).map((job) => JSON.parse(job.payload));
    const ofPost = jobs.filter((p) => targetIds.includes(p.target_id));
    expect(ofPost).toEqual(targetIds.map((id) => ({ company_id: acme, target_id: id })));
    // None is left for a target the edits replaced.
    const targets = await kit.t.ctx.db
      .selectFrom('social_post_targets')
      .select('id')
      .where('company_id', '=', acme)
      .execute();
    const live = new Set(targets.map((t) => t.id));
    expect(jobs.filter((p) => !live.has(p.target_id))).toEqual([]);

    // Deleting the post takes its waiting jobs along.
    expect((await kit.t.call(ana, { method: 'DELETE', url: posts(`/${post.id}`) })).statusCode).toBe(204);
    const left = (await waitingPublishJobs()).map((job) => JSON.parse(job.payload).target_id);
    expect(left.filter((id: number) => targetIds.includes(id))).toEqual([]);
  });
});
