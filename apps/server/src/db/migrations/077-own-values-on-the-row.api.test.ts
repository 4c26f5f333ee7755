import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackValues } from '../../modules/custom-fields/own-values-json.ts';
import { defineOwnFields } from '../../test-support/own-fields-kit.ts';
import { ownValuesIndexMismatches } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { migrations } from './index.ts';

/**
 * Migration 077 packs the value rows already saved onto their records' rows
 * (docs/decisions/126-own-values-packed-on-the-row.md), 078 indexes them and 079 drops the rows:
 * down through the three (079 makes the rows again from the JSON, 077 drops the JSON) and up
 * again rebuild the same JSON from the rows alone, for every type's values, a multiple select's
 * options in their order and a long text whole, on customers and deals, and the index agrees.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

const LONG = `${'long '.repeat(60)}end`;

describe('migrations 077 to 079', () => {
  it('packs the saved values of customers and deals onto their rows', async () => {
    const ids = await defineOwnFields(t, c.ana.token, c.acme, [
      {
        record: 'customer',
        key: 'sector',
        type: 'single_select',
        options: { retail: 'Retail', tech: 'Tech' },
      },
      { record: 'customer', key: 'tags_own', type: 'multi_select', options: { a: 'A', b: 'B', c: 'C' } },
      { record: 'customer', key: 'story', type: 'long_text' },
      { record: 'customer', key: 'rooms', type: 'number' },
      { record: 'customer', key: 'vip', type: 'checkbox' },
      { record: 'deal', key: 'budget', type: 'currency' },
    ]);
    const created = await t.call(c.ana.token, {
      method: 'POST',
      url: `/api/companies/${c.acme}/customers`,
      payload: {
        type: 'organisation',
        name: 'Packed Ltd',
        custom: { sector: 'tech', tags_own: ['c', 'a'], story: LONG, rooms: 12.5, vip: false },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().data.id as number;
    const deal = await t.call(c.ana.token, {
      method: 'POST',
      url: `/api/companies/${c.acme}/deals`,
      payload: { title: 'Packed deal', organisation_id: customerId, custom: { budget: 1250.5 } },
    });
    expect(deal.statusCode, deal.body).toBe(201);

    const steps = ['079-own-value-rows-dropped', '078-own-values-indexed', '077-own-values-on-the-row'].map(
      (name) => {
        const migration = migrations[name];
        if (!migration?.down) throw new Error(`no migration ${name} with a way down`);
        return migration;
      },
    );
    for (const migration of steps) await migration.down?.(t.ctx.db);
    for (const migration of steps.reverse()) await migration.up(t.ctx.db);

    const row = await t.ctx.db
      .selectFrom('customers')
      .select('own_values')
      .where('company_id', '=', c.acme)
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const packed = typeof row.own_values === 'string' ? JSON.parse(row.own_values) : row.own_values;
    expect(packed).toEqual({
      [ids.sector]: ['tech'],
      [ids.tags_own]: ['c', 'a'],
      [ids.story]: [{ l: LONG }],
      [ids.rooms]: [12.5],
      [ids.vip]: [0],
    });
    expect(unpackValues(packed).find((r) => r.field_id === ids.story)?.v_text).toBe(LONG.slice(0, 200));
    const { mismatches, holders } = await ownValuesIndexMismatches(t.ctx.db, [c.acme, c.beta]);
    expect(mismatches).toEqual([]);
    expect(holders).toBe(2);
  });
});
