import type { CompiledQuery, KyselyPlugin } from 'kysely';
import type { Database } from '../db/database.ts';

/** Keeps every statement sent through a database it is plugged into, compiled as sent. */
class StatementCapture implements KyselyPlugin {
  readonly seen: CompiledQuery[] = [];
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.seen.push(this.#db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

/** Every statement `work` sends through `db`, compiled as sent, in order (to EXPLAIN them). */
export async function statementsOf(
  db: Database,
  work: (db: Database) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const capture = new StatementCapture(db);
  await work(db.withPlugin(capture));
  return capture.seen;
}

/** The first statement matching `pattern` that `work` sends through `db` (to EXPLAIN it). */
export async function statementOf(
  db: Database,
  work: (db: Database) => Promise<unknown>,
  pattern: RegExp,
): Promise<CompiledQuery> {
  const found = (await statementsOf(db, work)).find((q) => pattern.test(q.sql));
  if (!found) throw new Error(`no statement matching ${pattern}`);
  return found;
}
