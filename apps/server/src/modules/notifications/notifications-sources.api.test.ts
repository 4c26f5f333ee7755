import type { Notification } from '@kontora/contract/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { type SocialKit, startTwoCompanies } from '../../test-support/social-standins/social-test-kit.ts';
import { syncTestHooks } from '../connectors/connector-sync.ts';

/*
 * The notifications of a client's answer to an approval link and of a failing CRM
 * connection, made where those happen (one app with the social and CRM stand-ins).
 */
let kit: SocialKit;
let ana: string;
let marko: string;
let acme: number;
let xAccount: number;
const standins: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  ({ kit, ana, marko, acme, xAccount } = await startTwoCompanies());
});
afterEach(async () => {
  syncTestHooks.afterPage = undefined;
  await kit.t.ctx.jobs.drain(120_000);
});
afterAll(async () => {
  for (const s of standins) await s.close();
  await kit.close();
});

const list = async (token: string) =>
  (await kit.t.call(token, { method: 'GET', url: '/api/me/notifications' })).json().data
    .items as Notification[];
const mailsTo = (email: string) => kit.smtp.mails.filter((m) => m.to.includes(email)).length;

async function answeredPost(decision: 'approve' | 'request-changes', text: string) {
  const posts = `/api/companies/${acme}/social/posts`;
  const created = await kit.t.call(marko, {
    method: 'POST',
    url: posts,
    payload: {
      draft: true,
      text,
      account_ids: [xAccount],
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const asked = await kit.t.call(marko, { method: 'POST', url: `${posts}/${id}/request-approval` });
  expect(asked.statusCode, asked.body).toBe(201);
  const token = (asked.json().data.approval_url as string).split('#/approve/')[1];
  const answer = await kit.t.app.inject({
    method: 'POST',
    url: `/api/social/approvals/${token}/${decision}`,
    ...(decision === 'request-changes' ? { payload: { comment: 'Shorter, please' } } : {}),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  await kit.t.ctx.jobs.drain();
  return id;
}

describe('a client answers an approval link', () => {
  it('tells the author under the bell and by mail; with mail off, under the bell only', async () => {
    const sent = mailsTo('marko@example.com');
    const id = await answeredPost('approve', `Approve me ${Date.now()}`);
    expect(mailsTo('marko@example.com')).toBe(sent + 1);
    expect((await list(marko))[0]).toMatchObject({
      kind: 'post_decided',
      data: { decision: 'approved' },
      link: `#/company/social/posts/${id}?company=${acme}`,
    });
    expect((await list(ana)).some((n) => n.kind === 'post_decided')).toBe(false);

    const off = await kit.t.call(marko, {
      method: 'PATCH',
      url: '/api/me',
      payload: { notification_preferences: { post_decided: { mail: false, in_app: true } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const again = await answeredPost('request-changes', `Change me ${Date.now()}`);
    expect(mailsTo('marko@example.com')).toBe(sent + 1);
    expect((await list(marko))[0]).toMatchObject({
      kind: 'post_decided',
      data: { decision: 'changes_requested' },
      link: `#/company/social/posts/${again}?company=${acme}`,
    });
  });
});

describe('a CRM connection fails', () => {
  it('tells its owners once when it starts failing, not at the retry', async () => {
    const hubspot = await startHubspotStandin();
    standins.push(hubspot);
    hubspot.seedContacts(250);
    let failedRuns = 0;
    syncTestHooks.afterPage = () => {
      failedRuns++;
      throw new Error('the process died');
    };
    const crm = await kit.t.company('Crm', [0, 1], []);
    const anaId = (await kit.t.call(ana, { method: 'GET', url: '/api/me' })).json().data.id as number;
    await kit.t.ctx.db
      .insertInto('memberships')
      .values({ company_id: crm, user_id: anaId, role: 'owner', created_at: new Date().toISOString() })
      .execute();
    kit.t.ctx.caches.companyAccess.evict(crm);
    const url = `/api/companies/${crm}/connectors`;
    const res = await kit.t.call(ana, {
      method: 'POST',
      url,
      payload: { provider: 'hubspot', token: hubspot.token, base_url: hubspot.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    await kit.t.ctx.jobs.drain(120_000);
    const state = async () =>
      (await kit.t.call(ana, { method: 'GET', url: `${url}/${id}` })).json().data.state;
    expect(await state()).toBe('failed');
    // A second run fails too (the connection is failing already): no second notification.
    const before = failedRuns;
    expect((await kit.t.call(ana, { method: 'POST', url: `${url}/${id}/sync` })).statusCode).toBe(202);
    for (let i = 0; i < 100 && failedRuns === before; i++) await new Promise((r) => setTimeout(r, 100));
    await kit.t.ctx.jobs.drain(120_000);
    expect(failedRuns).toBeGreaterThan(before);
    const failures = (await list(ana)).filter((n) => n.kind === 'connector_failed');
    expect(failures).toEqual([
      expect.objectContaining({
        company_id: crm,
        data: { title: 'HubSpot' },
        link: `#/company/crm-integration?company=${crm}`,
      }),
    ]);
  }, 120_000);
});
