import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';

/**
 * The one way to run a query over every company's rows at once (pruning old
 * rows by time, bulk maintenance). Company data is otherwise always reached
 * with a `company_id` condition, and the API test suite refuses any query on a
 * company-owned table that lacks one (test-support/company-scope-check.ts);
 * queries built on the handle this answers are let through, and `reason`
 * says why in the code (grep `crossCompany(` to list them all).
 */
export function crossCompany<DB>(db: Kysely<DB>, reason: string): Kysely<DB> {
  if (reason.trim() === '') throw new Error('crossCompany needs a reason');
  // The marker must see the query before any check installed on `db`, so it goes first.
  let marked = db.withoutPlugins().withPlugin(new CrossCompanyMarker());
  for (const plugin of db.getExecutor().plugins) marked = marked.withPlugin(plugin);
  return marked;
}

const crossCompanyQueries = new WeakSet<RootOperationNode>();

/** Whether the query was built on a crossCompany() handle. */
export function isCrossCompany(node: RootOperationNode): boolean {
  return crossCompanyQueries.has(node);
}

class CrossCompanyMarker implements KyselyPlugin {
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    crossCompanyQueries.add(node);
    return node;
  }
  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return result;
  }
}
