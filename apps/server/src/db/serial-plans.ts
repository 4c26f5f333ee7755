import {
  type KyselyPlugin,
  type OperationNode,
  QueryNode,
  type RootOperationNode,
  SelectQueryNode,
  sql,
} from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * Always true, and parallel unsafe: PostgreSQL decides whether a statement may have parallel
 * workers from the functions it calls, before it simplifies the conditions, and
 * `current_schema()` is marked unsafe. `… or true` is then folded away: no filter remains.
 */
const SERIAL: OperationNode = sql`(current_schema() is null or true)`.toOperationNode();

/** Adds SERIAL to every select statement sent through it. */
class SerialPlans implements KyselyPlugin {
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    return SelectQueryNode.is(node) ? QueryNode.cloneWithWhere(node, SERIAL) : node;
  }
  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return result;
  }
}
const serialPlans = new SerialPlans();

/**
 * Runs `work` where PostgreSQL plans its selects without parallel workers (decision 094). A
 * list page filtered by an own value reads a few hundred index entries: its plan takes 2–12 ms
 * alone, and 36–114 ms when the planner gathers two workers for it, most of it their start.
 * Each select says so itself (SERIAL), with no transaction and setting around it: those were
 * three more round trips per page (decision 106). Every other statement keeps its plans.
 * SQLite has no parallel plans: `work` runs on `db` as given.
 */
export async function withSerialPlans<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work(db);
  return work(db.withPlugin(serialPlans));
}
