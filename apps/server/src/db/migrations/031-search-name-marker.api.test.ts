import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dialectOf } from '../dialect.ts';
import { migrations } from './index.ts';

/**
 * Migration 031 (PostgreSQL): a name's first word is indexed as `^word` when the sort key
 * begins with it, and only then; every search finds what it found before (the same words,
 * marked or not); the migration goes down to the text parser's vector and up again.
 * SQLite keeps its full-text index: the searches are checked there too.
 */
let t: TestApp;
let cast: TwoCompanies;

const CUSTOMERS = [
  { name: 'Ivana Horvat', email: 'ivana.horvat@example.com' },
  { name: '(Nina) Novak' },
  { name: 'Ana-Marija Kovač' },
  { name: '12345678 d.o.o.' },
  { name: 'Marko Ivanić', email: 'info@ivana-trade.hr' },
];

beforeAll(async () => {
  t = await createTestApp();
  cast = await twoCompanies(t, [2]);
  for (const payload of CUSTOMERS) {
    const res = await t.call(cast.ana.token, {
      method: 'POST',
      url: `/api/companies/${cast.acme}/customers`,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

async function found(q: string): Promise<string[]> {
  const res = await t.call(cast.ana.token, {
    method: 'GET',
    url: `/api/companies/${cast.acme}/customers?q=${encodeURIComponent(q)}&sort=name`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { name: string }[]).map((c) => c.name);
}

/** Each customer's lexemes, by name (PostgreSQL). */
async function vectors(): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ name: string; lexemes: string[] }>`
    select name, tsvector_to_array(search_vector) as lexemes from customers where company_id = ${cast.acme}`.execute(
    t.ctx.db,
  );
  return Object.fromEntries(rows.map((r) => [r.name, [...r.lexemes].sort()]));
}

async function expectSameSearches(): Promise<void> {
  expect(await found('ivana')).toEqual(['Ivana Horvat', 'Marko Ivanić']);
  expect(await found('iva hor')).toEqual(['Ivana Horvat']);
  expect(await found('nina')).toEqual(['(Nina) Novak']);
  expect(await found('ana')).toEqual(['Ana-Marija Kovač']);
  expect(await found('marija kov')).toEqual(['Ana-Marija Kovač']);
  expect(await found('12345678')).toEqual(['12345678 d.o.o.']);
  expect(await found('trade')).toEqual(['Marko Ivanić']);
}

describe('migration 031: the first word of a name, marked', () => {
  it('finds every customer by every word, as before', expectSameSearches);

  it('on PostgreSQL marks a first word of letters that begins the sort key, and nothing else', async () => {
    if (dialectOf(t.ctx.db) !== 'postgres') return;
    const v = await vectors();
    // The e-mail's "ivana" is the same word: one lexeme, marked.
    expect(v['Ivana Horvat']).toEqual(['^ivana', 'com', 'example', 'horvat']);
    expect(v['(Nina) Novak']).toEqual(['nina', 'novak']);
    expect(v['Ana-Marija Kovač']).toEqual(['^ana', 'kovac', 'marija']);
    expect(v['12345678 d.o.o.']).toEqual(['d', 'n12345678', 'o']);
    expect(v['Marko Ivanić']).toEqual(['^marko', 'hr', 'info', 'ivana', 'ivanic', 'trade']);
  });

  it('goes down to the text parser’s words and up again, finding the same', async () => {
    if (dialectOf(t.ctx.db) !== 'postgres') return;
    const migrator = new Migrator({ db: t.ctx.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('030-event-counts-company-gone');
    if (down.error) throw down.error;
    expect((await vectors())['Ivana Horvat']).toEqual(['com', 'example', 'horvat', 'ivana']);
    const up = await migrator.migrateToLatest();
    if (up.error) throw up.error;
    expect((await vectors())['Ivana Horvat']).toEqual(['^ivana', 'com', 'example', 'horvat']);
    await expectSameSearches();
  });
});
