import { Readable } from 'node:stream';
import { getJson, type ImportBench, measureImport } from './bench/import-measure.ts';
import { forEachImportRun } from './bench/import-runs.ts';

/**
 * To-do imports (docs/decisions/102-todo-csv-import.md): a generated to-do CSV (title, type,
 * priority, start and end, assignee, a customer every 5th row, description) streamed to the
 * real server, per engine (bench/import-measure.ts). BENCH_TODO_IMPORT_ROWS (default `100000`)
 * and BENCH_IMPORT_ENGINES (default `sqlite,postgres`) choose the runs.
 */
const TYPES = ['task', 'call', 'meeting', 'email', 'deadline'];

const todos: ImportBench = {
  what: 'To-do import',
  path: 'events/import',
  async prepare(base, token) {
    const customers = await getJson<{ items: { name: string }[] }>(
      `${base}/customers?type=organisation&limit=1`,
      token,
    );
    return customers.items[0]?.name ?? '';
  },
  /** The to-do file, made as it is read. */
  csv(rows, found) {
    const customer = found as string;
    let next = 0;
    return Readable.from(
      (function* () {
        yield 'Title,Type,Priority,Start,End,Assignee,Customer,Description\n';
        while (next < rows) {
          let text = '';
          for (const end = Math.min(rows, next + 1000); next < end; next++) {
            const day = `2027-${String(1 + (next % 12)).padStart(2, '0')}-${String(1 + (next % 28)).padStart(2, '0')}`;
            text += `Bench to-do ${next},${TYPES[next % 5]},normal,${day} 09:00,${day} 10:00,ana@example.com,${next % 5 === 0 ? customer : ''},"Row ${next} of the bench"\n`;
          }
          yield text;
        }
      })(),
    );
  },
};

export async function benchImportTodos(): Promise<void> {
  const sizes = (process.env.BENCH_TODO_IMPORT_ROWS ?? '100000').split(',').map(Number);
  await forEachImportRun('To-do import', 'kontora_bench_import_todos', sizes, (engine, rows, env) =>
    measureImport(todos, engine, rows, env),
  );
}

// Run alone with `node scripts/bench-import-todos.ts`.
if (import.meta.filename === process.argv[1]) await benchImportTodos();
