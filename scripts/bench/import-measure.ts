import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { watchRss } from './memory.ts';
import { otherCompanyWrites, writesLine } from './other-writes.ts';
import { demoToken, startServer } from './server-process.ts';

/**
 * One all-or-nothing import (deals, to-dos) streamed to a real server on a fresh database of
 * the demo seed: the time to the answer, the server process's CPU time meanwhile (user +
 * system, from /proc; the database server's own is not in it), its memory above idle, and
 * another company's writes meanwhile (other-writes.ts).
 */
const MB = 1024 * 1024;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
}

export async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

export interface ImportBench {
  /** Named in the printed heading: `Deal import`. */
  what: string;
  /** The import's path below the company: `deals/import`. */
  path: string;
  /** The file of `rows` rows, made as it is read, from what `prepare` found in the company. */
  csv: (rows: number, found: unknown) => Readable;
  /** Reads what the file names (stages, an organisation) from the demo company at `base`. */
  prepare: (base: string, token: string) => Promise<unknown>;
}

export async function measureImport(
  bench: ImportBench,
  engine: string,
  rows: number,
  env: Record<string, string>,
): Promise<void> {
  const server = await startServer(env);
  const pid = server.process.pid ?? 0;
  try {
    const ana = await demoToken(server.url);
    const companies = await getJson<{ items: { id: number; name: string }[] }>(
      `${server.url}/api/me/companies`,
      ana,
    );
    const acme = companies.items.find((c) => c.name.startsWith('Acme'))?.id ?? 0;
    const other = companies.items.find((c) => c.id !== acme)?.id ?? 0;
    const base = `${server.url}/api/companies/${acme}`;
    const found = await bench.prepare(base, ana);
    const post = (body: Readable) =>
      fetch(`${base}/${bench.path}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${ana}` },
        body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
    // Loads the import's code before idle is read.
    const warm = await post(bench.csv(10, found));
    if (!warm.ok) throw new Error(`warm-up answered ${warm.status}: ${await warm.text()}`);
    await new Promise((r) => setTimeout(r, 1000));
    const memory = await watchRss(pid);
    const others = otherCompanyWrites(server.url, ana, other);
    const cpuBefore = await cpuMs(pid);
    const started = performance.now();
    let answer: Response;
    let body: { data?: Record<string, number> };
    let writes: Awaited<ReturnType<typeof others.stop>>;
    try {
      answer = await post(bench.csv(rows, found));
      body = (await answer.json()) as { data?: Record<string, number> };
    } finally {
      // Stopped however the import ends, before the server is: nothing writes to a stopped server.
      writes = await others.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = ((await cpuMs(pid)) - cpuBefore) / 1000;
    const { idle, peak } = memory.stop();
    if (!answer.ok) throw new Error(`import answered ${answer.status}: ${JSON.stringify(body)}`);
    const r = body.data ?? {};
    console.log(
      `\n${bench.what}, ${rows.toLocaleString('en')} rows (${engine}; load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `  time                ${seconds.toFixed(1)} s (server CPU ${cpu.toFixed(1)} s); imported ${r.imported}, refused ${r.rejected}`,
    );
    console.log(
      `  memory above idle   ${((peak - idle) / MB).toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB)`,
    );
    console.log(writesLine(writes));
  } finally {
    await server.stop();
  }
}
