import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { dispatchWebhooks } from '../webhooks/webhook-dispatcher.ts';
import { dealKit } from './deal-test-kit.ts';

/** Deals as the rest of the product sees them: webhooks, API keys, OpenAPI, to-dos, customer timelines, audit. */

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;
let receiver: WebhookReceiver;

beforeAll(async () => {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('deals elsewhere', { timeout: 120_000 }, () => {
  it('webhooks carry deal.created and deal.won, signed as Standard Webhooks', async () => {
    const hook = await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/webhooks`, {
      url: `${receiver.url}/deals`,
      event_types: ['deal.created', 'deal.won'],
    });
    receiver.setSecrets([hook.secret]);
    const start = receiver.received.length;
    const d: Deal = await k.createDeal(c.ana.token, c.acme, { title: 'Hooked', amount: 99 });
    const won: Deal = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: sales.stages[4]?.id,
      version: d.version,
    });
    for (let i = 0; i < 50 && receiver.received.length < start + 2; i++) {
      await dispatchWebhooks(t.ctx);
      await t.ctx.jobs.drain();
      await new Promise((r) => setTimeout(r, 50));
    }
    await receiver.waitFor(start + 2);
    const got = receiver.received.slice(start);
    expect(got.map((g) => g.verifiedWith)).toEqual([0, 0]);
    expect(got.map((g) => g.payload?.type).sort()).toEqual(['deal.created', 'deal.won']);
    // The data is the deal as the API answers it when the message is made.
    const wonMessage = got.find((g) => g.payload?.type === 'deal.won');
    expect(wonMessage?.payload?.data).toMatchObject({ id: d.id, status: 'won', closed_at: won.closed_at });
  });

  it('API keys reach deals with the deals scope only', async () => {
    const key = async (scopes: Record<string, string>) =>
      (
        await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/api-keys`, {
          name: `k${Math.random()}`,
          scopes,
        })
      ).key as string;
    const reader = await key({ deals: 'read' });
    const writer = await key({ deals: 'write' });
    const other = await key({ customers: 'write' });
    expect((await k.call(reader, 'GET', k.deals(c.acme))).statusCode).toBe(200);
    expect((await k.call(reader, 'GET', k.pipelines(c.acme, `/${sales.id}/board`))).statusCode).toBe(200);
    expect((await k.call(reader, 'POST', k.deals(c.acme), { title: 'no' })).statusCode).toBe(403);
    expect((await k.call(other, 'GET', k.deals(c.acme))).statusCode).toBe(403);
    const made = await k.call(writer, 'POST', k.deals(c.acme), { title: 'By key' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.owner_id).toBeNull();
    const timeline = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${made.json().data.id}/timeline`));
    expect(timeline.items[0]).toMatchObject({ kind: 'created', actor_id: null });
    expect(timeline.items[0].actor_name).toMatch(/^k0\./);
    // Pipelines are changed by owners and admins in person.
    expect((await k.call(writer, 'POST', k.pipelines(c.acme), { name: 'no' })).statusCode).toBe(403);
  });

  it('OpenAPI documents the deal routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths).toHaveProperty('/api/companies/{companyId}/deals');
    expect(doc.paths).toHaveProperty('/api/companies/{companyId}/deals/{id}/move');
    expect(doc.paths).toHaveProperty('/api/companies/{companyId}/pipelines/{id}/board');
    expect(doc.paths).toHaveProperty('/api/companies/{companyId}/deals/forecast');
  });

  it('to-dos belong to a deal of the company and answer its title', async () => {
    const d: Deal = await k.createDeal(c.ana.token, c.acme, { title: 'With to-dos' });
    const theirs: Deal = await k.createDeal(c.eva.token, c.beta, { title: 'Not yours' });
    const events = `/api/companies/${c.acme}/events`;
    const todo = await k.ok(c.ana.token, 'POST', events, {
      title: 'Call',
      start_at: '2030-01-02T09:00:00Z',
      deal_id: d.id,
    });
    expect(todo).toMatchObject({ deal_id: d.id, deal_title: 'With to-dos' });
    const refused = await k.call(c.ana.token, 'POST', events, {
      title: 'x',
      start_at: '2030-01-02T09:00:00Z',
      deal_id: theirs.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({ deal_id: ['not_found'] });
    await k.ok(c.ana.token, 'POST', events, { title: 'Other', start_at: '2030-01-02T10:00:00Z' });
    const listed = await k.ok(c.ana.token, 'GET', `${events}?deal_id=${d.id}`);
    expect(listed.items.map((e: { id: number }) => e.id)).toEqual([todo.id]);
    await k.ok(c.ana.token, 'PATCH', k.deals(c.acme, `/${d.id}`), { title: 'Renamed', version: d.version });
    expect((await k.ok(c.ana.token, 'GET', `${events}?deal_id=${d.id}`)).items[0].deal_title).toBe('Renamed');
    const other = await k.ok(c.ana.token, 'POST', events, {
      title: 'Later',
      start_at: '2030-01-03T10:00:00Z',
    });
    const linked = await k.ok(c.ana.token, 'PATCH', `${events}/${other.id}`, {
      deal_id: d.id,
      version: other.version,
    });
    expect(linked.deal_id).toBe(d.id);
    await k.ok(c.ana.token, 'DELETE', k.deals(c.acme, `/${d.id}`));
    expect(await k.ok(c.ana.token, 'GET', `${events}/${todo.id}`)).toMatchObject({
      deal_id: null,
      deal_title: null,
    });
  });

  it('a deal shows on its customers’ timelines and pages; its deletion is audited', async () => {
    const customers = `/api/companies/${c.acme}/customers`;
    const org = await k.ok(c.ana.token, 'POST', customers, { type: 'organisation', name: 'Buyer Ltd' });
    const person = await k.ok(c.ana.token, 'POST', customers, { type: 'person', first_name: 'Petra' });
    const d: Deal = await k.createDeal(c.ana.token, c.acme, {
      title: 'Joint',
      organisation_id: org.id,
      customer_ids: [person.id],
    });
    expect(d).toMatchObject({
      organisation_id: org.id,
      organisation_name: 'Buyer Ltd',
      customer_ids: [person.id],
    });
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: sales.stages[5]?.id,
      version: d.version,
    });
    for (const id of [org.id, person.id]) {
      const tl = await k.ok(c.ana.token, 'GET', `${customers}/${id}/timeline`);
      expect(tl.items.slice(0, 2).map((e: { kind: string; body: string }) => [e.kind, e.body])).toEqual([
        ['deal_lost', 'Joint'],
        ['deal_created', 'Joint'],
      ]);
      const page = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `?customer_id=${id}`));
      expect(page.items.map((x: Deal) => x.id)).toEqual([d.id]);
    }
    await k.ok(c.ana.token, 'DELETE', k.deals(c.acme, `/${d.id}`));
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select(['action', 'entity_id'])
      .where('company_id', '=', c.acme)
      .where('action', '=', 'deal.delete')
      .execute();
    expect(audit.map((a) => String(a.entity_id))).toContain(String(d.id));
  });
});
