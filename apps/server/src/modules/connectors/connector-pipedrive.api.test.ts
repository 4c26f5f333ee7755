import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  type PipedriveStandin,
  startPipedriveStandin,
} from '../../test-support/connector-standins/pipedrive.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let ana: string;
let acme: number;
let pipedrive: PipedriveStandin;

beforeAll(async () => {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
  const anaId = await t.user('ana@example.com');
  acme = await t.company('Acme', [0, 1, 2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  pipedrive = await startPipedriveStandin();
});
afterAll(async () => {
  await t.ctx.jobs.drain(120_000);
  await pipedrive.close();
  await t.close();
});

const url = (rest = '') => `/api/companies/${acme}/connectors${rest}`;

describe('Pipedrive', () => {
  it('refuses a bad API token with 400 on `token`', async () => {
    const res = await t.call(ana, {
      method: 'POST',
      url: url(),
      payload: { provider: 'pipedrive', token: 'wrong', base_url: pipedrive.url },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.token).toBeDefined();
  });

  it('imports persons and organizations with cursor paging, then syncs both ways', async () => {
    pipedrive.seedPersons(1_200);
    pipedrive.put('organizations', { name: 'Pipe Org', address: { value: 'Ilica 1, Zagreb' } });
    const callsBefore = pipedrive.calls.length;
    const res = await t.call(ana, {
      method: 'POST',
      url: url(),
      payload: { provider: 'pipedrive', token: pipedrive.token, base_url: pipedrive.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    await t.ctx.jobs.drain(120_000);
    const connector = (await t.call(ana, { method: 'GET', url: url(`/${id}`) })).json().data;
    expect(connector).toMatchObject({
      provider: 'pipedrive',
      state: 'idle',
      import_done: true,
      linked: 1_201,
      counts: { fetched: 1_201, created: 1_201, failed: 0 },
    });
    // 1,200 persons at 500 a page: three pages; the token test made one call more.
    const personLists = pipedrive.calls
      .slice(callsBefore)
      .filter((c) => c.method === 'GET' && c.path === '/api/v2/persons');
    expect(personLists.length).toBe(1 + 3);
    expect(pipedrive.state.overLimit).toBe(0);

    const org = await t.ctx.db
      .selectFrom('customers')
      .select(['id', 'name', 'type', 'address'])
      .where('company_id', '=', acme)
      .where('name', '=', 'Pipe Org')
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ type: 'organisation', address: 'Ilica 1, Zagreb' });

    // Remote → Kontora.
    const person = pipedrive.all('persons')[0];
    pipedrive.edit('persons', person?.id as number, { last_name: 'Renamed', name: 'Person Renamed' });
    // Kontora → remote.
    const current = (
      await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/customers/${org.id}` })
    ).json().data;
    const patched = await t.call(ana, {
      method: 'PATCH',
      url: `/api/companies/${acme}/customers/${org.id}`,
      payload: { address: 'Vukovarska 2, Zagreb', version: current.version },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const sync = await t.call(ana, { method: 'POST', url: url(`/${id}/sync`) });
    expect(sync.statusCode).toBe(202);
    await t.ctx.jobs.drain(120_000);
    const renamed = await t.ctx.db
      .selectFrom('customers')
      .select(['last_name'])
      .where('company_id', '=', acme)
      .where('email', '=', 'person1@example.com')
      .executeTakeFirstOrThrow();
    expect(renamed.last_name).toBe('Renamed');
    const remoteOrg = pipedrive.all('organizations')[0];
    expect(remoteOrg?.address?.value).toBe('Vukovarska 2, Zagreb');
    const writes = pipedrive.state.writes;

    // Our write comes back through updated_since: nothing is written on either side.
    await t.call(ana, { method: 'POST', url: url(`/${id}/sync`) });
    await t.ctx.jobs.drain(120_000);
    const again = (await t.call(ana, { method: 'GET', url: url(`/${id}`) })).json().data;
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(pipedrive.state.writes).toBe(writes);

    // A customer deleted here is deleted remotely.
    const del = await t.call(ana, { method: 'DELETE', url: `/api/companies/${acme}/customers/${org.id}` });
    expect(del.statusCode).toBe(204);
    await t.call(ana, { method: 'POST', url: url(`/${id}/sync`) });
    await t.ctx.jobs.drain(120_000);
    expect(pipedrive.all('organizations')).toHaveLength(0);
  }, 180_000);
});
