import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWith } from '../../seed/accounts.seed.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { migrations } from './index.ts';

/**
 * Migration 033 gives every existing company the Sales pipeline, its names in the language
 * of the company's country (English when none of the six); it goes down and up again. A
 * company made afterwards gets the same pipeline where companies are made.
 */
let t: TestApp;
let german: number;
let plain: number;

beforeAll(async () => {
  t = await createTestApp();
  german = await createCompanyWith(t.ctx.db, { name: 'GmbH', country: 'DE', modules: [2] });
  plain = await createCompanyWith(t.ctx.db, { name: 'Ltd', country: 'GB', modules: [2] });
});
afterAll(() => t.close());

async function pipelinesOf(companyId: number) {
  const pipelines = await t.ctx.db
    .selectFrom('pipelines')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  const stages = await t.ctx.db
    .selectFrom('pipeline_stages')
    .select(['name', 'kind', 'probability'])
    .where('company_id', '=', companyId)
    .orderBy('position')
    .execute();
  return {
    names: pipelines.map((p) => p.name),
    stages: stages.map((s) => `${s.name}:${s.kind}:${s.probability}`),
  };
}

const GERMAN = {
  names: ['Vertrieb'],
  stages: [
    'Neuer Lead:open:10',
    'Qualifiziert:open:25',
    'Angebot:open:50',
    'Verhandlung:open:75',
    'Gewonnen:won:100',
    'Verloren:lost:0',
  ],
};

describe('migration 033', () => {
  it('new companies get the Sales pipeline in their country’s language', async () => {
    expect(await pipelinesOf(german)).toEqual(GERMAN);
    expect((await pipelinesOf(plain)).names).toEqual(['Sales']);
  });

  it('goes down and up again, giving every existing company its pipeline once', async () => {
    const migration = migrations['033-deals'];
    // Later migrations' tables reference deals: they go down first, newest first, and come back after, in order.
    const later = Object.keys(migrations)
      .filter((name) => name > '033-deals')
      .sort()
      .map((name) => migrations[name]);
    if (!migration?.down || later.some((m) => !m?.down)) throw new Error('no down');
    const db = t.ctx.db.withoutPlugins();
    for (const m of [...later].reverse()) await m?.down?.(db);
    await migration.down(db);
    await migration.up(db);
    for (const m of later) await m?.up(db);
    expect(await pipelinesOf(german)).toEqual(GERMAN);
    expect(await pipelinesOf(plain)).toEqual({
      names: ['Sales'],
      stages: [
        'Lead in:open:10',
        'Qualified:open:25',
        'Proposal:open:50',
        'Negotiation:open:75',
        'Won:won:100',
        'Lost:lost:0',
      ],
    });
  });
});
