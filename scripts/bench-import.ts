import { request } from 'node:http';
import { loadavg } from 'node:os';
import type { Readable } from 'node:stream';
import { existingCsv, importCsv } from './bench/import-csv.ts';
import { forEachImportRun } from './bench/import-runs.ts';
import { cpuSeconds, watchRss } from './bench/memory.ts';
import { otherCompanyWrites, writesLine } from './bench/other-writes.ts';
import { watchBackends } from './bench/postgres-backends.ts';
import { demoToken, startServer } from './bench/server-process.ts';

/**
 * Staged customer imports (docs/decisions/068-staged-imports.md): a generated CSV of 12 columns
 * (5 % invalid rows, 10 % matching existing customers, updated) streamed to the real server, per
 * engine and size: the time to the answer, the server's resident memory above idle (sampled every
 * 50 ms), and the p99 of another company's writes (a customer created every 20 ms meanwhile).
 * Targets: 1,000,000 rows under 60 s, 100,000 under 6 s, memory under 250 MB above idle, other
 * companies' writes p99 under 100 ms. BENCH_IMPORT_ROWS (default `100000,1000000`) and
 * BENCH_IMPORT_ENGINES (default `sqlite,postgres`) choose the runs.
 */
const MB = 1024 * 1024;
/**
 * Existing customers the file's matching rows (every tenth) take in turn: as many as there are
 * such rows, so each is matched once, as in a company's real file; 10,000 at least.
 */
const existingFor = (rows: number) => Math.max(10_000, Math.ceil(rows / 10));

async function companyIds(url: string, token: string): Promise<{ id: number; name: string }[]> {
  const res = await fetch(`${url}/api/me/companies`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { items: { id: number; name: string }[] } }).data.items;
}

/**
 * The import's POST, answered as `{ ok, status, json() }`. Through node:http rather than fetch:
 * fetch gives up after 300 s without response headers (undici's headersTimeout), and a
 * million-row import on PostgreSQL on a slow machine takes longer than that.
 */
function postImport(
  url: string,
  token: string,
  company: number,
  body: Readable | string,
): Promise<{ ok: boolean; status: number; json(): Promise<unknown>; text(): Promise<string> }> {
  const target = new URL(`${url}/api/companies/${company}/customers/import?on_match=update&match_by=email`);
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method: 'POST', headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            json: async () => JSON.parse(text),
            text: async () => text,
          });
        });
      },
    );
    req.on('error', reject);
    if (typeof body === 'string') req.end(body);
    else body.pipe(req);
  });
}

async function benchOne(engine: string, rows: number, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  const pid = server.process.pid ?? 0;
  try {
    const ana = await demoToken(server.url);
    const companies = await companyIds(server.url, ana);
    const acme = companies.find((c) => c.name.startsWith('Acme'))?.id ?? 0;
    const other = companies.find((c) => c.id !== acme)?.id ?? 0;
    // The existing customers the file matches; also loads the import's code before idle is read.
    const existing = existingFor(rows);
    const seeded = await postImport(server.url, ana, acme, existingCsv(existing));
    if (!seeded.ok) throw new Error(`seeding answered ${seeded.status}: ${await seeded.text()}`);
    await new Promise((r) => setTimeout(r, 1000));
    const memory = await watchRss(pid);

    const others = otherCompanyWrites(server.url, ana, other);

    const database = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : '';
    const backends = database ? await watchBackends(database) : undefined;
    const cpuBefore = await cpuSeconds(pid);
    const started = performance.now();
    let answer: Awaited<ReturnType<typeof postImport>>;
    let body: { data?: Record<string, number> };
    let w: Awaited<ReturnType<typeof others.stop>>;
    try {
      answer = await postImport(server.url, ana, acme, importCsv({ rows, existing }));
      body = (await answer.json()) as { data?: Record<string, number> };
    } finally {
      // Stopped however the import ends, before the server is: nothing writes to a stopped server.
      w = await others.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(pid)) - cpuBefore;
    const backendCpu = await backends?.stop();
    const { idle, peak } = memory.stop();
    if (!answer.ok) throw new Error(`import answered ${answer.status}: ${JSON.stringify(body)}`);
    const r = body.data ?? {};
    const target = rows >= 1_000_000 ? 60 : (rows / 1_000_000) * 60;
    console.log(
      `\nCustomer import, ${rows.toLocaleString('en')} rows (${engine}; load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `  time                ${seconds.toFixed(1)} s (target < ${target.toFixed(0)} s), server CPU ${cpu.toFixed(1)} s; created ${r.created}, updated ${r.updated}, skipped ${r.skipped}, refused ${r.rejected}`,
    );
    if (backendCpu !== undefined)
      console.log(
        `  PostgreSQL backends CPU ${backendCpu.toFixed(1)} s (this database's, other company's writes included)`,
      );
    console.log(
      `  memory above idle   ${((peak - idle) / MB).toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB; target < 250 MB)`,
    );
    console.log(writesLine(w));
  } finally {
    await server.stop();
  }
}

export async function benchImport(): Promise<void> {
  const sizes = (process.env.BENCH_IMPORT_ROWS ?? '100000,1000000').split(',').map(Number);
  await forEachImportRun('Customer import', 'kontora_bench_import', sizes, benchOne);
}

// Run alone with `node scripts/bench-import.ts`.
if (import.meta.filename === process.argv[1]) await benchImport();
