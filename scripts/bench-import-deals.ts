import { Readable } from 'node:stream';
import { getJson, type ImportBench, measureImport } from './bench/import-measure.ts';
import { forEachImportRun } from './bench/import-runs.ts';

/**
 * Deal imports saved in batches (docs/decisions/091-batched-deal-import-writes.md): a generated
 * deal CSV (title, amount, stage, owner, organisation every 5th row, tags, notes) streamed to the
 * real server, per engine (bench/import-measure.ts). BENCH_DEAL_IMPORT_ROWS (default `100000`)
 * and BENCH_IMPORT_ENGINES (default `sqlite,postgres`) choose the runs. Run from another
 * checkout's folder (`cd ../main && node ../wt/x/scripts/bench-import-deals.ts`) to time that
 * checkout's server.
 */
type Found = { stages: string[]; organisation: string };

const deals: ImportBench = {
  what: 'Deal import',
  path: 'deals/import',
  async prepare(base, token): Promise<Found> {
    const pipelines = await getJson<{ items: { stages: { name: string }[] }[] }>(`${base}/pipelines`, token);
    const organisations = await getJson<{ items: { name: string }[] }>(
      `${base}/customers?type=organisation&limit=1`,
      token,
    );
    return {
      stages: pipelines.items[0]?.stages.map((s) => s.name) ?? [],
      organisation: organisations.items[0]?.name ?? '',
    };
  },
  /** The deal file, made as it is read. */
  csv(rows, found) {
    const { stages, organisation } = found as Found;
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
  },
};

export async function benchImportDeals(): Promise<void> {
  const sizes = (process.env.BENCH_DEAL_IMPORT_ROWS ?? '100000').split(',').map(Number);
  await forEachImportRun('Deal import', 'kontora_bench_import_deals', sizes, (engine, rows, env) =>
    measureImport(deals, engine, rows, env),
  );
}

// Run alone with `node scripts/bench-import-deals.ts`.
if (import.meta.filename === process.argv[1]) await benchImportDeals();
