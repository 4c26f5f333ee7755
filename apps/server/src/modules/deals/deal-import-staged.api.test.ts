import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedImportProgress } from '../../lib/csv-import/import-progress.ts';
import { stagedOf } from '../../test-support/staged-imports.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dealKit } from './deal-test-kit.ts';

/**
 * Deal imports staged as customer imports are (docs/decisions/085-import-progress.md): read as
 * the file arrives, checked a batch at a time into the staging area, all or nothing, under the
 * configured limit; nothing is left staged however they end; a dry run's counts are the real
 * run's; another company is untouched.
 */

const ROWS = 2_000;
/** Creating a few thousand deals one by one through the write door takes a while on a loaded machine. */
const SLOW_MS = 480_000;
/** Small enough that a generated file of a few thousand rows more passes it. */
const LIMIT = 512 * 1024;

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp({ importMaxBytes: LIMIT });
  c = await twoCompanies(t, [0, 1, 2]);
  const k = dealKit(t);
  // Each company's default pipeline, and an organisation of the same name in both.
  for (const [token, company] of [
    [c.ana.token, c.acme],
    [c.eva.token, c.beta],
  ] as const) {
    await k.pipelineOf(token, company);
    await k.ok(token, 'POST', `/api/companies/${company}/customers`, {
      type: 'organisation',
      name: 'Drvo d.o.o.',
    });
  }
  await k.ok(c.eva.token, 'POST', `/api/companies/${c.beta}/customers`, {
    type: 'organisation',
    name: 'Only Beta d.o.o.',
  });
});
afterAll(() => t.close());

/**
 * A generated deal CSV, made as it is read: every 5th row names an organisation of the company
 * (a match), every `invalidEvery`-th row an amount that is no amount (refused; 0: none).
 */
function dealsCsv(
  rows: number,
  options: { invalidEvery?: number; organisation?: string; tag?: string } = {},
) {
  const { invalidEvery = 0, organisation = 'Drvo d.o.o.', tag = 'gen' } = options;
  let next = 0;
  return Readable.from(
    (function* () {
      yield 'Title,Amount,Organisation,Notes\n';
      while (next < rows) {
        let text = '';
        for (const end = Math.min(rows, next + 500); next < end; next++) {
          const amount =
            invalidEvery && next % invalidEvery === invalidEvery - 1 ? 'lots' : String(100 + next);
          text += `Deal ${tag} ${next},${amount},${next % 5 === 0 ? organisation : ''},"Row ${next}, made for the test"\n`;
        }
        yield text;
      }
    })(),
  );
}

function importDeals(token: string, company: number, payload: string | Readable, query: string) {
  return t.call(token, {
    method: 'POST',
    url: `/api/companies/${company}/deals/import?${query}`,
    payload,
    headers: { 'content-type': 'text/csv' },
  });
}

async function dealCount(company: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Staged imports and rows of both companies (the request has ended: nothing may remain). */
async function staged(): Promise<number> {
  const { imports, rows } = await stagedOf(t, [c.acme, c.beta]);
  return imports + rows;
}

describe('a staged deal import', () => {
  it(
    'saves what its dry run counted, in one go, and tells its progress ending on the report',
    async () => {
      // What the live module relays to Ana's sockets (the customer import's test follows a socket;
      // this saving may outlast a test socket's silence limit on a loaded machine).
      const told: PublishedImportProgress[] = [];
      const stop = t.ctx.importProgress.observe((message) => told.push(message));
      const [acmeBefore, betaBefore] = [await dealCount(c.acme), await dealCount(c.beta)];
      const check = await importDeals(c.ana.token, c.acme, dealsCsv(ROWS, { tag: 'a' }), 'dry_run=true');
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json().data).toMatchObject({ rows: ROWS, imported: ROWS, rejected: 0 });
      expect(await dealCount(c.acme)).toBe(acmeBefore);

      const res = await importDeals(
        c.ana.token,
        c.acme,
        dealsCsv(ROWS, { tag: 'a' }),
        'progress_key=deals-real-run',
      );
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json().data;
      const { dry_run: _d, ...counts } = check.json().data;
      expect(report).toMatchObject({ ...counts, dry_run: false });
      expect(await dealCount(c.acme)).toBe(acmeBefore + ROWS);
      expect(await dealCount(c.beta)).toBe(betaBefore);
      expect(await staged()).toBe(0);

      // The rows that name an organisation are linked to Acme's, not to Beta's of the same name.
      const linked = await t.ctx.db
        .selectFrom('deals')
        .innerJoin('customers', 'customers.id', 'deals.organisation_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deals.company_id', '=', c.acme)
        .where('customers.company_id', '=', c.acme)
        .where('deals.title', 'like', 'Deal a %')
        .executeTakeFirstOrThrow();
      expect(Number(linked.n)).toBe(ROWS / 5);

      stop();
      const seen = told.filter((m) => m.job.job_id === 'import-deals-real-run');
      expect(seen.every((m) => m.companyId === c.acme && m.userId === c.ana.id)).toBe(true);
      const done = seen.at(-1)?.job;
      expect(done?.state).toBe('completed');
      expect(done?.name).toBe('deals.import');
      expect(done?.import).toEqual({
        kind: 'deals',
        dry_run: false,
        phase: 'finished',
        read: ROWS,
        valid: ROWS,
        invalid: 0,
        saved: ROWS,
      });
      const phases = seen.map((m) => m.job.import?.phase).filter((p, i, all) => p !== all[i - 1]);
      expect(phases).toEqual(['reading', 'saving', 'finished']);
    },
    SLOW_MS,
  );

  it(
    'refuses the whole file for its invalid rows, the dry run and the real run alike',
    async () => {
      const before = await dealCount(c.acme);
      const check = await importDeals(
        c.ana.token,
        c.acme,
        dealsCsv(ROWS, { invalidEvery: 97, tag: 'b' }),
        'dry_run=true&progress_key=deals-refused',
      );
      expect(check.statusCode, check.body).toBe(200);
      const refused = Math.floor(ROWS / 97);
      expect(check.json().data).toMatchObject({ rows: ROWS, imported: 0, rejected: refused });
      expect(check.json().data.errors[0]).toEqual({ line: 98, reasons: { amount: ['invalid_number'] } });

      const res = await importDeals(c.ana.token, c.acme, dealsCsv(ROWS, { invalidEvery: 97, tag: 'b' }), '');
      expect(res.statusCode, res.body).toBe(200);
      const { dry_run: _d, ...counts } = check.json().data;
      expect(res.json().data).toMatchObject({ ...counts, dry_run: false });
      expect(await dealCount(c.acme)).toBe(before);
      expect(await staged()).toBe(0);
    },
    SLOW_MS,
  );

  it("does not find another company's organisation by its name", async () => {
    const res = await importDeals(
      c.ana.token,
      c.acme,
      dealsCsv(10, { organisation: 'Only Beta d.o.o.', tag: 'c' }),
      'dry_run=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 10, imported: 0, rejected: 2 });
    expect(res.json().data.errors[0].reasons).toEqual({ organisation: ['not_found'] });
  });

  it('answers 413 above the configured limit, with nothing saved or staged', async () => {
    const before = await dealCount(c.acme);
    const res = await importDeals(c.ana.token, c.acme, dealsCsv(20_000, { tag: 'd' }), '');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await dealCount(c.acme)).toBe(before);
    expect(await staged()).toBe(0);
  });

  it("is refused in another company's name, which keeps its deals", async () => {
    const before = await dealCount(c.beta);
    const res = await importDeals(c.ana.token, c.beta, dealsCsv(5, { tag: 'e' }), '');
    expect(res.statusCode).toBe(403);
    expect(await dealCount(c.beta)).toBe(before);
    expect(await staged()).toBe(0);
  });
});
