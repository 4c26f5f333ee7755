import { describe, expect, it } from 'vitest';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import {
  type PipedriveStandin,
  startPipedriveStandin,
} from '../../test-support/connector-standins/pipedrive.ts';
import { pushTestHooks } from './connector-push-records.ts';
import { nextUtcDay } from './pipedrive.ts';

const suite = connectorSuite(() => {
  pushTestHooks.afterRemoteWrite = undefined;
});
const { company } = suite;

async function pipedrive(options: Parameters<typeof startPipedriveStandin>[0] = {}) {
  const s = await startPipedriveStandin(options);
  suite.standins.push(s);
  return s;
}

/** The day passes: Pipedrive's budget is whole again and the pause is over (no waiting until midnight). */
async function nextDay(remote: PipedriveStandin, companyId: number, id: number) {
  remote.newDay();
  await suite.t.ctx.db
    .updateTable('connectors')
    .set({ paused_until: new Date(Date.now() - 1000).toISOString() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

describe('Pipedrive’s daily budget', () => {
  it('pauses the import when the token budget is spent, calls nothing meanwhile, and resumes at its checkpoint', async () => {
    const acme = await company('Token budget');
    // The token test and two list pages (20 tokens each); the third page is refused.
    const remote = await pipedrive({ dailyTokens: 60 });
    remote.seedPersons(1_200);
    const id = await suite.kit.connect(acme, 'pipedrive', remote);

    const paused = await suite.kit.connectorOf(acme, id);
    expect(paused).toMatchObject({ state: 'paused', import_done: false, counts: { fetched: 1_000 } });
    // Pipedrive's Retry-After runs to the next UTC day.
    expect(Math.abs(Date.parse(paused.paused_until) - nextUtcDay(Date.now()))).toBeLessThanOrEqual(2_000);
    expect(paused.next_sync_at).toBe(paused.paused_until);
    expect(await suite.kit.customersOf(acme)).toHaveLength(1_000);
    expect((await suite.kit.logOf(acme, id)).map((e) => e.kind)).toEqual(['run_paused', 'run_started']);

    // "Sync now" while paused: no call reaches Pipedrive.
    const calls = remote.calls.length;
    expect((await suite.kit.syncNow(acme, id)).state).toBe('paused');
    expect(remote.calls.length).toBe(calls);

    await nextDay(remote, acme, id);
    // The new day covers the third page, the organizations, then the deals' pipelines, stages and list.
    remote.state.tokensLeft = 2 * 20 + 3 * 20;
    const done = await suite.kit.syncNow(acme, id);
    expect(done).toMatchObject({ state: 'idle', paused_until: null, import_done: true, linked: 1_200 });
    const customers = await suite.kit.customersOf(acme);
    expect(customers).toHaveLength(1_200);
    expect(new Set(customers.map((c) => c.email)).size).toBe(1_200);
    // Resumed at the third page: the first two were not read again.
    const lists = remote.calls.slice(calls).filter((c) => c.method === 'GET' && c.path === '/api/v2/persons');
    expect(lists.length).toBe(1);
  }, 120_000);

  it('pauses until the next UTC day when x-daily-requests-left reaches 0, then pushes the rest once', async () => {
    const acme = await company('Write budget');
    await suite.kit.createPeople(acme, 5);
    const remote = await pipedrive({ dailyWrites: 3 });
    const id = await suite.kit.connect(acme, 'pipedrive', remote);

    const paused = await suite.kit.connectorOf(acme, id);
    expect(paused.state).toBe('paused');
    expect(paused.paused_until).toBe(new Date(nextUtcDay(Date.now())).toISOString());
    expect(remote.all('persons')).toHaveLength(3);
    expect(paused.linked).toBe(3);

    await nextDay(remote, acme, id);
    const done = await suite.kit.syncNow(acme, id);
    expect(done).toMatchObject({ state: 'idle', linked: 5 });
    const persons = remote.all('persons');
    expect(persons).toHaveLength(5);
    expect(new Set(persons.map((p) => p.emails?.[0]?.value)).size).toBe(5);
  }, 120_000);
});

describe('Pipedrive: a crash after the remote create', () => {
  it('finds the persons through the search endpoint and links them, creating none twice', async () => {
    const acme = await company('Pipedrive crash');
    await suite.kit.createPeople(acme, 3);
    const remote = await pipedrive();
    let crashed = false;
    pushTestHooks.afterRemoteWrite = () => {
      if (!crashed) {
        crashed = true;
        throw new Error('process died after the remote create');
      }
    };
    const id = await suite.kit.connect(acme, 'pipedrive', remote);
    await suite.kit.settled(acme, id);
    expect(crashed).toBe(true);
    expect(remote.all('persons')).toHaveLength(3);
    expect(remote.calls.filter((c) => c.path === '/api/v2/persons/search')).toHaveLength(3);
    const links = await suite.kit.linksOf(acme);
    expect(links.map((l) => l.pending_since)).toEqual([null, null, null]);
    expect(new Set(links.map((l) => l.remote_id))).toEqual(
      new Set(remote.all('persons').map((p) => String(p.id))),
    );
  }, 120_000);
});
