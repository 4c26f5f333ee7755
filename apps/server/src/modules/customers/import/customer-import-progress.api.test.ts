import type { ImportProgress } from '@kontora/contract/csv-import';
import type { LiveJob, LiveServerMessage } from '@kontora/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingCsv, importCsv } from '../../../../../../scripts/bench/import-csv.ts';
import { injectSubscribed, type LiveTestClient, settled } from '../../../test-support/live-client.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../../test-support/two-companies.ts';

/**
 * An import's live progress (docs/decisions/085-import-progress.md): rows read, checked and
 * saved reach the importing person's own sockets while it runs, phase by phase, and end on the
 * report's counts; nobody else hears them, another company least of all.
 */

const ROWS = 3_000;
const EXISTING = 200;

let t: TestApp;
let c: TwoCompanies;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
  const seed = await t.call(c.ana.token, {
    method: 'POST',
    url: `/api/companies/${c.acme}/customers/import`,
    payload: existingCsv(EXISTING),
    headers: { 'content-type': 'text/csv' },
  });
  expect(seed.statusCode, seed.body).toBe(200);
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

const progressOf = (messages: LiveServerMessage[], key: string) =>
  messages.filter((m): m is LiveJob => m.type === 'job' && m.job_id === `import-${key}`);

async function runImport(token: string, key: string | null, dryRun: boolean, tag: string) {
  const query = new URLSearchParams({ dry_run: String(dryRun), on_match: 'update', match_by: 'email' });
  if (key) query.set('progress_key', key);
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${c.acme}/customers/import?${query}`,
    payload: importCsv({ rows: ROWS, existing: EXISTING, invalidEvery: 17, matchEvery: 7, tag }),
    headers: { 'content-type': 'text/csv' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The phases told, in order, each once however often its counts were. */
const phasesOf = (seen: LiveJob[]) =>
  seen.map((m) => m.import?.phase).filter((p, i, all) => p !== all[i - 1]);

function expectRising(seen: LiveJob[]) {
  const counts = seen.map((m) => m.import as ImportProgress);
  for (const [i, now] of counts.entries()) {
    const before = counts[i - 1];
    if (!before) continue;
    for (const key of ['read', 'valid', 'invalid', 'saved'] as const)
      expect(now[key]).toBeGreaterThanOrEqual(before[key]);
  }
}

describe('live progress of a customer import', () => {
  it('tells a dry run read, then checked, and ends on the report', async () => {
    const ana = await injectSubscribed(t.app, open, c.ana.token, c.acme);
    const report = await runImport(c.ana.token, 'dry-run-progress', true, 'dry');
    const done = (await ana.next(
      (m) => m.type === 'job' && m.job_id === 'import-dry-run-progress' && m.state === 'completed',
    )) as LiveJob;
    const seen = progressOf(ana.messages, 'dry-run-progress');
    expect(phasesOf(seen)).toEqual(['reading', 'checking', 'finished']);
    expect(seen.slice(0, -1).every((m) => m.state === 'active' && m.name === 'customers.import')).toBe(true);
    expectRising(seen);
    expect(report.rejected).toBeGreaterThan(0);
    expect(report.updated).toBeGreaterThan(0);
    expect(done.import).toEqual({
      kind: 'customers',
      dry_run: true,
      phase: 'finished',
      read: report.rows,
      valid: report.created + report.updated + report.skipped,
      invalid: report.rejected,
      saved: 0,
    });
    expect(done.import?.read).toBe(ROWS);
  });

  it('tells a real run read, then saved, and ends on the report once committed', async () => {
    const ana = await injectSubscribed(t.app, open, c.ana.token, c.acme);
    const marko = await injectSubscribed(t.app, open, c.marko.token, c.acme);
    const eva = await injectSubscribed(t.app, open, c.eva.token, c.beta);
    const report = await runImport(c.ana.token, 'real-run-progress', false, 'real');
    const done = (await ana.next(
      (m) => m.type === 'job' && m.job_id === 'import-real-run-progress' && m.state === 'completed',
    )) as LiveJob;
    const seen = progressOf(ana.messages, 'real-run-progress');
    expect(phasesOf(seen)).toEqual(['reading', 'saving', 'finished']);
    expectRising(seen);
    expect(done.import).toEqual({
      kind: 'customers',
      dry_run: false,
      phase: 'finished',
      read: report.rows,
      valid: report.created + report.updated + report.skipped,
      invalid: report.rejected,
      saved: report.imported,
    });
    expect(report.imported).toBeGreaterThan(0);
    // Another member of the company and another company's owner hear nothing of it.
    await settled(marko);
    await settled(eva);
    expect(progressOf(marko.messages, 'real-run-progress')).toEqual([]);
    expect(eva.messages.filter((m) => m.type === 'job')).toEqual([]);
  });

  it('tells nothing without a key, and refuses a key that is not one', async () => {
    const ana = await injectSubscribed(t.app, open, c.ana.token, c.acme);
    await runImport(c.ana.token, null, true, 'nokey');
    await settled(ana);
    expect(ana.messages.filter((m) => m.type === 'job')).toEqual([]);
    for (const key of ['short', 'has space in it', 'x'.repeat(65), '../../etc']) {
      const res = await t.call(c.ana.token, {
        method: 'POST',
        url: `/api/companies/${c.acme}/customers/import?progress_key=${encodeURIComponent(key)}`,
        payload: 'name\nIva\n',
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().details).toHaveProperty('progress_key');
    }
  });
});
