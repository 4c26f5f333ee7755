import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingCsv, importCsv } from '../../../../../../scripts/bench/import-csv.ts';
import { customerCount } from '../../../test-support/customer-count.ts';
import { stagedOf } from '../../../test-support/staged-imports.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../../test-support/two-companies.ts';

/**
 * Staged imports (docs/decisions/068-staged-imports.md): the file is read into a staging table
 * as it arrives and nothing of it is left there afterwards, whatever happens; a dry run's counts
 * are the real run's; another company keeps writing while an import runs.
 */

/** Rows of the generated file: 100,000 takes minutes on the shared 2-core machine. */
const ROWS = 20_000;
const EXISTING = 500;
const LIMIT = 256 * 1024;

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp({ importMaxBytes: LIMIT });
  c = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

const importUrl = (company: number, query = '') => `/api/companies/${company}/customers/import${query}`;

function send(token: string, payload: string | Readable, query = '', company = c.acme) {
  return t.call(token, {
    method: 'POST',
    url: importUrl(company, query),
    payload,
    headers: { 'content-type': 'text/csv' },
  });
}

/** Staged imports and rows of both companies. */
const staged = () => stagedOf(t, [c.acme, c.beta]);

/**
 * The staging left once the import's request has ended: a client that went away does not wait
 * for the server to drop it, so the check waits for that (at most 20 s) before it looks.
 */
async function stagedAfterwards(): Promise<{ imports: number; rows: number }> {
  const until = Date.now() + 20_000;
  let now = await staged();
  while (now.imports > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    now = await staged();
  }
  return now;
}

describe('the upload limit', () => {
  it('answers 413 above the configured limit, with nothing saved or staged', async () => {
    const before = await customerCount(t, c.acme);
    const res = await send(c.ana.token, importCsv({ rows: 20_000, chunkRows: 200 }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringMatching(/nothing/),
    });
    expect(await customerCount(t, c.acme)).toBe(before);
    expect(await staged()).toEqual({ imports: 0, rows: 0 });
  });

  it('answers 413 for a form whose file part grows past the limit, nothing staged', async () => {
    const boundary = 'kontora-test-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\n';
    const file = importCsv({ rows: 20_000, chunkRows: 200 });
    const body = Readable.from(
      (async function* () {
        yield Buffer.from(head);
        for await (const chunk of file) yield Buffer.from(chunk as string);
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const res = await t.call(c.ana.token, {
      method: 'POST',
      url: importUrl(c.acme),
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(await staged()).toEqual({ imports: 0, rows: 0 });
  });

  it('imports a file just under the limit through a form, leaving nothing staged', async () => {
    const form = new FormData();
    form.append('mapping', JSON.stringify({ Naziv: 'name' }));
    form.append('file', new Blob(['Naziv,email\nUnder Limit,under@example.com\n']), 'small.csv');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await t.call(c.ana.token, {
      method: 'POST',
      url: importUrl(c.acme),
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 1, created: 1, rejected: 0 });
    expect(await staged()).toEqual({ imports: 0, rows: 0 });
  });
});

describe('a large file', () => {
  let big: TestApp;
  let b: TwoCompanies;
  beforeAll(async () => {
    big = await createTestApp();
    b = await twoCompanies(big, [2]);
    const seeded = await big.call(b.ana.token, {
      method: 'POST',
      url: importUrl(b.acme),
      payload: existingCsv(EXISTING),
      headers: { 'content-type': 'text/csv' },
    });
    expect(seeded.statusCode, seeded.body).toBe(200);
    expect(seeded.json().data).toMatchObject({ created: EXISTING, rejected: 0 });
  }, 120_000);
  afterAll(() => big.close());

  const run = (dryRun: boolean) =>
    big.call(b.ana.token, {
      method: 'POST',
      url: importUrl(b.acme, `?dry_run=${dryRun}&on_match=update&match_by=email`),
      payload: importCsv({ rows: ROWS, existing: EXISTING }),
      headers: { 'content-type': 'text/csv' },
    });

  it('counts in the dry run what the real run then does, while another company writes', {
    timeout: 600_000,
  }, async () => {
    const check = await run(true);
    expect(check.statusCode, check.body).toBe(200);
    const dry = check.json().data;
    expect(dry).toMatchObject({ dry_run: true, rows: ROWS, rejected: ROWS / 20, matched: ROWS / 10 });
    expect(await customerCount(big, b.acme)).toBe(EXISTING);

    // Eva keeps adding customers to her own company while Acme's import runs.
    const importing = run(false);
    const evaWrites = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        big.call(b.eva.token, {
          method: 'POST',
          url: `/api/companies/${b.beta}/customers`,
          payload: { type: 'person', name: `Beta Person ${i}` },
        }),
      ),
    );
    const [real, written] = await Promise.all([importing, evaWrites]);
    expect(real.statusCode, real.body).toBe(200);
    expect(written.map((r) => r.statusCode)).toEqual(written.map(() => 201));
    expect(await customerCount(big, b.beta)).toBe(20);

    const done = real.json().data;
    for (const key of ['rows', 'imported', 'created', 'updated', 'skipped', 'matched', 'rejected'] as const) {
      expect(done[key], key).toBe(dry[key]);
    }
    expect(done.created + done.updated + done.skipped + done.rejected).toBe(ROWS);
    expect(await customerCount(big, b.acme)).toBe(EXISTING + done.created);
    const left = await big.ctx.db
      .selectFrom('csv_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', b.acme)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});

describe('a failed import', () => {
  it('leaves nothing staged when the upload breaks off part-way', async () => {
    const before = await customerCount(t, c.acme);
    let sent = 0;
    const breaking = new Readable({
      read() {
        if (sent === 0) this.push('name,email\n');
        if (sent >= 1000) {
          this.destroy(new Error('socket hang up'));
          return;
        }
        sent += 100;
        let text = '';
        for (let i = 0; i < 100; i++) text += `Broken ${sent + i},broken-${sent + i}@example.com\n`;
        this.push(text);
      },
    });
    const res = await send(c.ana.token, breaking).catch(() => null);
    if (res) expect(res.statusCode, res.body).toBe(400);
    expect(await stagedAfterwards()).toEqual({ imports: 0, rows: 0 });
    expect(await customerCount(t, c.acme)).toBe(before);
  });

  it("never stages into or reads another company's import", async () => {
    const res = await send(c.eva.token, 'name\nNot Yours\n', '', c.acme);
    expect(res.statusCode).toBe(403);
    expect(await staged()).toEqual({ imports: 0, rows: 0 });
  });
});
