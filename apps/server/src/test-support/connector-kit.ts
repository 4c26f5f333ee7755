import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A test app whose jobs run at once and retry almost at once, and which may reach loopback stand-ins. */
export function startConnectorApp(webhookAllowedHosts = ['127.0.0.1']): Promise<TestApp> {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  return createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts,
  });
}

/** What the connector tests do as one signed-in owner of their companies. */
export function connectorKit(t: TestApp, token: string) {
  const createCustomer = async (company: number, payload: Record<string, unknown>): Promise<number> => {
    const res = await t.call(token, { method: 'POST', url: `/api/companies/${company}/customers`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const connectorOf = async (company: number, id: number) =>
    (await t.call(token, { method: 'GET', url: `/api/companies/${company}/connectors/${id}` })).json().data;

  return {
    connectorOf,
    /** Connects a stand-in; the first run is queued (and waited for unless `drain` is false). */
    async connect(
      company: number,
      provider: 'hubspot' | 'pipedrive',
      standin: { token: string; url: string },
      options: { drain?: boolean } = {},
    ): Promise<number> {
      const res = await t.call(token, {
        method: 'POST',
        url: `/api/companies/${company}/connectors`,
        payload: { provider, token: standin.token, base_url: standin.url },
      });
      expect(res.statusCode, res.body).toBe(201);
      if (options.drain !== false) await t.ctx.jobs.drain(120_000);
      return res.json().data.id as number;
    },
    /** Until the connection's runs are over (a failed run's job retries after its back-off). */
    async settled(company: number, id: number) {
      for (let i = 0; i < 600; i++) {
        await t.ctx.jobs.drain(120_000);
        const c = await connectorOf(company, id);
        if (c.state === 'idle') return c;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the connection never settled');
    },
    async syncNow(company: number, id: number) {
      const res = await t.call(token, {
        method: 'POST',
        url: `/api/companies/${company}/connectors/${id}/sync`,
      });
      expect(res.statusCode, res.body).toBe(202);
      await t.ctx.jobs.drain(120_000);
      return connectorOf(company, id);
    },
    customersOf: (company: number) =>
      t.ctx.db
        .selectFrom('customers')
        .select(['id', 'name', 'first_name', 'last_name', 'email', 'phone', 'updated_at', 'version'])
        .where('company_id', '=', company)
        .orderBy('id')
        .execute(),
    linksOf: (company: number) =>
      t.ctx.db
        .selectFrom('connector_links')
        .selectAll()
        .where('company_id', '=', company)
        .orderBy('customer_id')
        .execute(),
    createCustomer,
    /** People named Local 1…n with emails, made here through the API. */
    async createPeople(company: number, count: number): Promise<void> {
      for (let i = 1; i <= count; i++) {
        await createCustomer(company, {
          first_name: 'Local',
          last_name: String(i),
          email: `local${i}@example.com`,
        });
      }
    },
    async logOf(company: number, id: number, kind?: string) {
      const query = kind ? `?kind=${kind}&limit=200` : '?limit=200';
      const res = await t.call(token, {
        method: 'GET',
        url: `/api/companies/${company}/connectors/${id}/log${query}`,
      });
      return res.json().data.items as { kind: string; message: string; customer_id: number | null }[];
    },
  };
}

export interface ConnectorSuite {
  t: TestApp;
  ana: string;
  kit: ReturnType<typeof connectorKit>;
  /** A company of its own, Ana its owner, module 1 on. */
  company(name: string): Promise<number>;
  /** Closed after the file. */
  standins: { close(): Promise<void> }[];
}

/**
 * One test app for the file, Ana signed in, and the stand-ins it started
 * closed at its end; `afterEachTest` undoes a test's hooks before the jobs
 * it left are drained.
 */
export function connectorSuite(afterEachTest: () => void = () => {}): ConnectorSuite {
  const suite = { standins: [] } as unknown as ConnectorSuite;
  let anaId = 0;
  beforeAll(async () => {
    suite.t = await startConnectorApp();
    anaId = await suite.t.user('ana@example.com');
    suite.ana = await suite.t.login('ana@example.com');
    suite.kit = connectorKit(suite.t, suite.ana);
  });
  afterEach(async () => {
    afterEachTest();
    await suite.t.ctx.jobs.drain(120_000);
  });
  afterAll(async () => {
    for (const s of suite.standins) await s.close();
    await suite.t.close();
  });
  suite.company = (name) => suite.t.company(name, [0, 1, 2], [{ userId: anaId, role: 'owner' }]);
  return suite;
}
