import { CHANGE_TYPES, type ChangeKind, changeKindOf } from '@kontora/contract/change-feed';
import { MODULE_ID } from '@kontora/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { changesOf, type LiveTestClient, liveClient, subscribeLive } from '../../test-support/live-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';

/**
 * /api/ws sends a change only to people whose company has the module the API
 * asks for to read that record: social posts, accounts and media need Social,
 * API keys need CRM integration, customers, to-dos and deals need CRM.
 */

const { dashboard, crmIntegration, crm, social } = MODULE_ID;
const EVERYONE: ChangeKind[] = ['member', 'company'];

/** A company with these modules, and the kinds of record its member must hear of (none else). */
const CASES: { name: string; modules: number[]; hears: ChangeKind[] }[] = [
  { name: 'dashboard only', modules: [dashboard], hears: EVERYONE },
  { name: 'CRM integration', modules: [dashboard, crmIntegration], hears: [...EVERYONE, 'api_key'] },
  { name: 'CRM', modules: [dashboard, crm], hears: [...EVERYONE, 'customer', 'event', 'deal', 'pipeline'] },
  {
    name: 'Social',
    modules: [dashboard, social],
    hears: [...EVERYONE, 'social_post', 'social_account', 'social_media'],
  },
];

let t: TestApp;
let token: string;
let userId: number;
/** Each case's company, by its modules. */
const companies = new Map<string, number>();
const open: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  userId = await t.user('filtered@example.com');
  for (const { modules } of CASES)
    companies.set(`${modules}`, await t.company(`Modules ${modules}`, modules, [{ userId, role: 'member' }]));
  token = await t.login('filtered@example.com');
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function subscribed(modules: number[], after?: number) {
  const companyId = companies.get(`${modules}`) as number;
  const client = liveClient((await t.app.injectWS('/api/ws')) as unknown as WebSocket);
  open.push(client);
  return { client, companyId, ...(await subscribeLive(client, token, companyId, after)) };
}

/**
 * Writes one change of every type (directly: the API itself refuses changes in
 * a module the company lacks), then a company change everyone hears, whose id
 * it answers. Changes reach a socket in id order, so once that last one has
 * arrived, nothing written before it is still on its way.
 */
async function writeEveryChangeType(companyId: number): Promise<number> {
  for (const type of CHANGE_TYPES) {
    await recordChange(t.ctx.db, {
      companyId,
      type,
      entity: { type: changeKindOf(type), id: 1 },
      actor: byUser(userId),
    });
  }
  return recordChange(t.ctx.db, {
    companyId,
    type: 'company.updated',
    entity: { type: 'company', id: companyId },
    actor: byUser(userId),
  });
}

/** The kinds of record a socket heard of, once the last change written has reached it. */
async function heardKinds(client: LiveTestClient, lastId: number): Promise<string[]> {
  await client.next((m) => 'id' in m && m.id === lastId);
  return [...new Set(changesOf(client.messages).map((m) => changeKindOf(m.type)))].sort();
}

describe('changes go only to people whose company has the module to read them', () => {
  it.each(CASES)('pushed live with $name', async ({ modules, hears }) => {
    const { client, companyId } = await subscribed(modules);
    const lastId = await writeEveryChangeType(companyId);
    expect(await heardKinds(client, lastId)).toEqual([...hears].sort());
  });

  it.each(CASES)('replayed on resume with $name', async ({ modules, hears }) => {
    const first = await subscribed(modules);
    first.client.close();
    await first.client.closed;
    const lastId = await writeEveryChangeType(first.companyId);
    const { client } = await subscribed(modules, first.last_id);
    expect(await heardKinds(client, lastId)).toEqual([...hears].sort());
  });
});
