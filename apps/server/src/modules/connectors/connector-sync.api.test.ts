import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type HubspotStandin, startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { runSync, syncTestHooks } from './connector-sync.ts';

let t: TestApp;
let ana: string;
let anaId: number;
const standins: HubspotStandin[] = [];

beforeAll(async () => {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
  anaId = await t.user('ana@example.com');
  ana = await t.login('ana@example.com');
});
afterEach(async () => {
  syncTestHooks.afterPage = undefined;
  await t.ctx.jobs.drain(120_000);
});
afterAll(async () => {
  for (const s of standins) await s.close();
  await t.close();
});

/** A company of its own and a HubSpot stand-in of its own, connected. */
async function connected(name: string, seed: (s: HubspotStandin) => void, options: { drain?: boolean } = {}) {
  const company = await t.company(name, [0, 1, 2], [{ userId: anaId, role: 'owner' }]);
  const hubspot = await startHubspotStandin();
  standins.push(hubspot);
  seed(hubspot);
  const res = await t.call(ana, {
    method: 'POST',
    url: `/api/companies/${company}/connectors`,
    payload: { provider: 'hubspot', token: hubspot.token, base_url: hubspot.url },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  if (options.drain !== false) await t.ctx.jobs.drain(120_000);
  return { company, hubspot, id };
}

const connectorOf = async (company: number, id: number) =>
  (await t.call(ana, { method: 'GET', url: `/api/companies/${company}/connectors/${id}` })).json().data;

async function syncNow(company: number, id: number) {
  const res = await t.call(ana, { method: 'POST', url: `/api/companies/${company}/connectors/${id}/sync` });
  expect(res.statusCode, res.body).toBe(202);
  await t.ctx.jobs.drain(120_000);
  return connectorOf(company, id);
}

const customersOf = (company: number) =>
  t.ctx.db
    .selectFrom('customers')
    .select(['id', 'name', 'first_name', 'last_name', 'email', 'phone', 'updated_at', 'version'])
    .where('company_id', '=', company)
    .orderBy('id')
    .execute();

async function linkOf(company: number, customerId: number) {
  return t.ctx.db
    .selectFrom('connector_links')
    .selectAll()
    .where('company_id', '=', company)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
}

async function patchCustomer(company: number, id: number, body: Record<string, unknown>) {
  const current = (
    await t.call(ana, { method: 'GET', url: `/api/companies/${company}/customers/${id}` })
  ).json().data;
  const res = await t.call(ana, {
    method: 'PATCH',
    url: `/api/companies/${company}/customers/${id}`,
    payload: { ...body, version: current.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until the connection's runs are over (a failed run's job retries after its back-off). */
async function settled(company: number, id: number) {
  for (let i = 0; i < 600; i++) {
    await t.ctx.jobs.drain(120_000);
    const c = await connectorOf(company, id);
    if (c.state === 'idle') return c;
    await pause(100);
  }
  throw new Error('the connection never settled');
}

describe('first import', () => {
  it('imports 10,000 remote contacts once each, within HubSpot’s burst limit', async () => {
    const { company, hubspot, id } = await connected('Ten thousand', (s) => s.seedContacts(10_000));
    const customers = await customersOf(company);
    expect(customers).toHaveLength(10_000);
    expect(new Set(customers.map((c) => c.email)).size).toBe(10_000);
    const connector = await connectorOf(company, id);
    expect(connector).toMatchObject({
      state: 'idle',
      import_done: true,
      linked: 10_000,
      counts: { fetched: 10_000, created: 10_000, updated: 0, failed: 0 },
    });
    // The throttle kept to 80 % of the published limit: the stand-in never had to refuse a call.
    expect(hubspot.state.overLimit).toBe(0);
    expect(hubspot.calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(100);
  }, 180_000);

  it('resumes a crashed import at its checkpoint, with no duplicate and no page read twice', async () => {
    let crashed = false;
    syncTestHooks.afterPage = (pages) => {
      if (pages === 3 && !crashed) {
        crashed = true;
        throw new Error('process died after page 3');
      }
    };
    const { company, hubspot, id } = await connected('Crash', (s) => s.seedContacts(1_000));
    expect(crashed).toBe(true);
    await settled(company, id);
    const customers = await customersOf(company);
    expect(customers).toHaveLength(1_000);
    expect(new Set(customers.map((c) => c.email)).size).toBe(1_000);
    // 10 pages of contacts + 1 of companies, plus the token test: none fetched again after the crash.
    const lists = hubspot.calls.filter((c) => c.method === 'GET' && c.path === '/crm/v3/objects/contacts');
    expect(lists.length).toBe(1 + 10);
    const log = (
      await t.call(ana, { method: 'GET', url: `/api/companies/${company}/connectors/${id}/log?limit=50` })
    ).json().data.items as { kind: string; message: string }[];
    expect(log.map((e) => e.kind)).toEqual(['run_finished', 'run_failed', 'run_started']);
    expect((await connectorOf(company, id)).counts).toMatchObject({ fetched: 1_000, created: 1_000 });
  }, 120_000);

  it('logs a remote record it cannot import, with the reason, and imports the rest', async () => {
    const { company, id } = await connected('Bad records', (s) => {
      s.seedContacts(2);
      s.put('contacts', { email: 'not-an-email' });
    });
    expect(await customersOf(company)).toHaveLength(2);
    const connector = await connectorOf(company, id);
    expect(connector.counts).toMatchObject({ fetched: 3, created: 2, failed: 1 });
    const failed = (
      await t.call(ana, {
        method: 'GET',
        url: `/api/companies/${company}/connectors/${id}/log?kind=record_failed`,
      })
    ).json().data.items;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ direction: 'pull', remote_type: 'contact' });
    expect(failed[0].message).toMatch(/email|name/);
  });
});

describe('two-way sync', () => {
  it('pulls a remote change, pushes a local one, and neither echoes back', async () => {
    const { company, hubspot, id } = await connected('Two way', (s) => s.seedContacts(3));
    const [first, second] = await customersOf(company);
    const remoteOf = async (customerId: number) => (await linkOf(company, customerId)).remote_id;

    // Remote → Kontora, by the connector as actor.
    hubspot.edit('contacts', await remoteOf(first?.id as number), { phone: '+385 1 111 111' });
    let connector = await syncNow(company, id);
    expect((await customersOf(company))[0]?.phone).toBe('+385 1 111 111');
    expect(connector.counts).toMatchObject({ updated: 1, failed: 0 });
    const feed = await t.ctx.db
      .selectFrom('change_events')
      .select(['type', 'actor_kind', 'actor_name'])
      .where('company_id', '=', company)
      .where('type', '=', 'customer.updated')
      .execute();
    expect(feed).toEqual([
      { type: 'customer.updated', actor_kind: 'system', actor_name: `HubSpot connector #${id}` },
    ]);
    // Our own pull does not go back as a push.
    expect(hubspot.state.batchSizes).toEqual([]);

    // Kontora → remote.
    await patchCustomer(company, second?.id as number, { email: 'changed@example.com' });
    connector = await syncNow(company, id);
    expect(hubspot.get('contacts', await remoteOf(second?.id as number))?.properties.email).toBe(
      'changed@example.com',
    );
    expect(hubspot.state.batchSizes).toEqual([1]);

    // The pushed change comes back from HubSpot's search: the content hash matches, nothing is written.
    const versions = (await customersOf(company)).map((c) => c.version);
    connector = await syncNow(company, id);
    expect(connector.counts).toMatchObject({ updated: 0, created: 0, failed: 0 });
    expect((await customersOf(company)).map((c) => c.version)).toEqual(versions);
    expect(hubspot.state.batchSizes).toEqual([1]);

    // A customer created here is created remotely and linked.
    const created = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${company}/customers`,
      payload: { first_name: 'Nova', last_name: 'Kupac', email: 'nova@example.com' },
    });
    expect(created.statusCode, created.body).toBe(201);
    connector = await syncNow(company, id);
    const link = await linkOf(company, created.json().data.id);
    expect(hubspot.get('contacts', link.remote_id)?.properties).toMatchObject({
      firstname: 'Nova',
      email: 'nova@example.com',
    });
    expect(connector.counts.created).toBe(1);
  }, 120_000);

  it('on a conflict the latest change wins, on either side', async () => {
    const { company, hubspot, id } = await connected('Conflict', (s) => s.seedContacts(2));
    const [a, b] = await customersOf(company);
    const remoteA = (await linkOf(company, a?.id as number)).remote_id;
    const remoteB = (await linkOf(company, b?.id as number)).remote_id;

    // A: changed here, then remotely → the remote change is later and wins.
    await patchCustomer(company, a?.id as number, { phone: '+385 1 100 001' });
    await pause(20);
    hubspot.edit('contacts', remoteA, { phone: '+385 1 100 002' });
    // B: changed remotely, then here → the local change is later and wins.
    hubspot.edit('contacts', remoteB, { phone: '+385 1 200 001' });
    await pause(20);
    await patchCustomer(company, b?.id as number, { phone: '+385 1 200 002' });

    await syncNow(company, id);
    const after = await customersOf(company);
    expect(after.find((c) => c.id === a?.id)?.phone).toBe('+385 1 100 002');
    expect(hubspot.get('contacts', remoteA)?.properties.phone).toBe('+385 1 100 002');
    expect(after.find((c) => c.id === b?.id)?.phone).toBe('+385 1 200 002');
    expect(hubspot.get('contacts', remoteB)?.properties.phone).toBe('+385 1 200 002');
    const conflicts = (
      await t.call(ana, {
        method: 'GET',
        url: `/api/companies/${company}/connectors/${id}/log?kind=conflict`,
      })
    ).json().data.items;
    expect(conflicts).toHaveLength(2);
  }, 120_000);
});

describe('deletions and throttling', () => {
  it('concludes a remote deletion only when a full pass completes', async () => {
    const { company, hubspot, id } = await connected('Deletions', (s) => s.seedContacts(250));
    const [gone] = await customersOf(company);
    hubspot.archive('contacts', (await linkOf(company, gone?.id as number)).remote_id);

    // Incremental pulls never conclude a deletion.
    await syncNow(company, id);
    expect(await customersOf(company)).toHaveLength(250);

    // A full pass that dies after its first page concludes nothing…
    await t.ctx.jobs.drain(60_000);
    const job = { id: 'nightly-test', signal: new AbortController().signal, progress: async () => {} };
    syncTestHooks.afterPage = (pages) => {
      if (pages === 1) throw new Error('died mid-pass');
    };
    await expect(
      runSync(t.ctx, { company_id: company, connector_id: id, mode: 'full' }, job),
    ).rejects.toThrow('died mid-pass');
    expect(await customersOf(company)).toHaveLength(250);
    // …its resumption completes the pass, and only then is the customer deleted, by the connector.
    syncTestHooks.afterPage = undefined;
    await runSync(t.ctx, { company_id: company, connector_id: id, mode: 'full' }, job);
    const left = await customersOf(company);
    expect(left).toHaveLength(249);
    expect(left.map((c) => c.id)).not.toContain(gone?.id);
    const deleted = await t.ctx.db
      .selectFrom('change_events')
      .select(['actor_name'])
      .where('company_id', '=', company)
      .where('type', '=', 'customer.deleted')
      .execute();
    expect(deleted).toEqual([{ actor_name: `HubSpot connector #${id}` }]);
    const connector = await connectorOf(company, id);
    expect(connector.last_full_pass_at).not.toBeNull();
  }, 120_000);

  it('waits as long as a 429 Retry-After asks before trying again', async () => {
    const { company, hubspot, id } = await connected('Throttled', (s) => s.seedContacts(5));
    hubspot.edit('contacts', hubspot.all('contacts')[0]?.id as string, { phone: '+385 1 999 999' });
    hubspot.state.retryAfterSeconds = 2;
    hubspot.state.throttleNext = 1;
    const connector = await syncNow(company, id);
    expect(connector.state).toBe('idle');
    expect(connector.counts.updated).toBe(1);
    const refused = hubspot.state.refusedAt[0] as number;
    const next = hubspot.state.answeredAt.find((at) => at > refused) as number;
    expect(next - refused).toBeGreaterThanOrEqual(2_000);
  }, 120_000);
});
