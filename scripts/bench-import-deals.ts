import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { forEachImportRun } from './bench/import-runs.ts';
import { watchRss } from './bench/memory.ts';
import { demoToken, startServer } from './bench/server-process.ts';

/**
 * Deal imports saved in batches (docs/decisions/091-batched-deal-import-writes.md): a generated
 * deal CSV (title, amount, stage, owner, organisation every 5th row, tags, notes) streamed to the
 * real server, per engine: the time to the answer, the server process's CPU time meanwhile
 * (user + system, from /proc; the database server's own is not in it) and its memory above
 * idle. BENCH_DEAL_IMPORT_ROWS (default `100000`) and BENCH_IMPORT_ENGINES (default
 * `sqlite,postgres`) choose the runs. Run from another checkout's folder
 * (`cd ../main && node ../wt/x/scripts/bench-import-deals.ts`) to time that checkout's server.
 */
const MB = 1024 * 1024;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The deal file, made as it is read. */
function dealCsv(rows: number, stages: string[], organisation: string): Readable {
  let next = 0;
  return Readable.from(
    (function* () {
      yield 'Title,Amount,Stage,Owner,Organisation,Tags,Lost reason,Notes\n';
      while (next < rows) {
        let text = '';
        for (const end = Math.min(rows, next + 1000); next < end; next++) {
          const stage = stages[next % stages.length] ?? '';
          const lost = next % stages.length === stages.length - 1 ? 'Price' : '';
          text += `Bench deal ${next},${(1000 + (next % 9000)).toFixed(2)},${stage},ana@example.com,${next % 5 === 0 ? organisation : ''},"bench;t${next % 7}",${lost},"Row ${next} of the bench"\n`;
        }
        yield text;
      }
    })(),
  );
}

async function benchOne(engine: string, rows: number, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  const pid = server.process.pid ?? 0;
  try {
    const ana = await demoToken(server.url);
    const companies = await getJson<{ items: { id: number; name: string }[] }>(
      `${server.url}/api/me/companies`,
      ana,
    );
    const acme = companies.items.find((c) => c.name.startsWith('Acme'))?.id ?? 0;
    const base = `${server.url}/api/companies/${acme}`;
    const pipelines = await getJson<{ items: { stages: { name: string }[] }[] }>(`${base}/pipelines`, ana);
    const stages = pipelines.items[0]?.stages.map((s) => s.name) ?? [];
    const organisations = await getJson<{ items: { name: string }[] }>(
      `${base}/customers?type=organisation&limit=1`,
      ana,
    );
    const organisation = organisations.items[0]?.name ?? '';
    const post = (body: Readable) =>
      fetch(`${base}/deals/import`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${ana}` },
        body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
    // Loads the import's code before idle is read.
    const warm = await post(dealCsv(10, stages, organisation));
    if (!warm.ok) throw new Error(`warm-up answered ${warm.status}: ${await warm.text()}`);
    await new Promise((r) => setTimeout(r, 1000));
    const memory = await watchRss(pid);
    const cpuBefore = await cpuMs(pid);
    const started = performance.now();
    const answer = await post(dealCsv(rows, stages, organisation));
    const body = (await answer.json()) as { data?: Record<string, number> };
    const seconds = (performance.now() - started) / 1000;
    const cpu = ((await cpuMs(pid)) - cpuBefore) / 1000;
    const { idle, peak } = memory.stop();
    if (!answer.ok) throw new Error(`import answered ${answer.status}: ${JSON.stringify(body)}`);
    const r = body.data ?? {};
    console.log(`\nDeal import, ${rows.toLocaleString('en')} rows (${engine})`);
    console.log(
      `  time                ${seconds.toFixed(1)} s (server CPU ${cpu.toFixed(1)} s); imported ${r.imported}, refused ${r.rejected}`,
    );
    console.log(
      `  memory above idle   ${((peak - idle) / MB).toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB)`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchImportDeals(): Promise<void> {
  const sizes = (process.env.BENCH_DEAL_IMPORT_ROWS ?? '100000').split(',').map(Number);
  await forEachImportRun('Deal import', 'kontora_bench_import_deals', sizes, benchOne);
}

// Run alone with `node scripts/bench-import-deals.ts`.
if (import.meta.filename === process.argv[1]) await benchImportDeals();
