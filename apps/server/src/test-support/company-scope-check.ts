import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';
import { isCrossCompany } from '../db/cross-company.ts';
import type { Database } from '../db/database.ts';

/**
 * Tables with a `company_id` column that are read across companies by design,
 * so they are not checked:
 * - memberships: the link between a person and a company; "which companies is
 *   this person in" (sign-in, the admin's person page) is a question about the
 *   person, asked across companies by nature.
 * - audit_entries: the superuser's audit history lists every company's entries
 *   (company_id is an optional filter there) and holds person-side entries with
 *   no company at all.
 */
const PERSON_SIDE_TABLES = new Set(['memberships', 'audit_entries']);
/**
 * - jobs: the deployment's one queue (migration 021 added the company a job
 *   works for); workers claim, relay and prune across companies by nature. The
 *   one company-facing read (modules/company-jobs) compares company_id itself.
 */
const DEPLOYMENT_TABLES = new Set(['jobs']);

/**
 * Refuses, in the API test suite, any query on a company-owned table without a
 * `company_id` condition: a SELECT, UPDATE or DELETE must compare the table's
 * company_id (in WHERE or in a JOIN's ON) and an INSERT must set it. Since the
 * suite calls every repository function, the whole suite is the check, and it
 * covers modules not yet written: the company-owned tables are every table with
 * a company_id column, read from the migrated database, minus PERSON_SIDE_TABLES.
 * Raw SQL is checked by its text (it names such a table, so it must say company_id).
 * Queries built on crossCompany(db, reason) are let through.
 */
export class CompanyScopeCheck implements KyselyPlugin {
  #tables: Set<string>;
  /** Every refused query so far (test-app's close() fails when there is one). */
  readonly violations: string[] = [];

  /** `tables`: the company-owned tables, when known without a database (unit tests). */
  constructor(tables: Iterable<string> = []) {
    this.#tables = new Set(tables);
  }

  /** Reads the company-owned tables from the (migrated) database; until then nothing is checked. */
  async learnTables(db: Database): Promise<void> {
    const tables = await db.withoutPlugins().introspection.getTables();
    this.#tables = new Set(
      tables
        .filter(
          (t) =>
            t.columns.some((c) => c.name === 'company_id') &&
            !PERSON_SIDE_TABLES.has(t.name) &&
            !DEPLOYMENT_TABLES.has(t.name),
        )
        .map((t) => t.name),
    );
  }

  get companyOwnedTables(): ReadonlySet<string> {
    return this.#tables;
  }

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    if (this.#tables.size > 0 && !isCrossCompany(node)) {
      const problem = this.problemOf(node);
      if (problem) {
        // Kept as well as thrown: a route answers the error as a 500, which a test may not look at.
        this.violations.push(problem);
        throw new Error(`Unscoped company query: ${problem}`);
      }
    }
    return node;
  }

  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return result;
  }

  /** What is wrong with the query, or undefined when every company-owned table in it is scoped. */
  problemOf(root: OperationNode): string | undefined {
    const problems: string[] = [];
    visit(root, (node) => {
      const problem = this.#checkNode(node);
      if (problem) problems.push(problem);
    });
    return problems[0];
  }

  #checkNode(node: AnyNode): string | undefined {
    switch (node.kind) {
      case 'SelectQueryNode':
      case 'UpdateQueryNode':
      case 'DeleteQueryNode':
        return this.#checkFiltered(node);
      case 'InsertQueryNode':
        return this.#checkInsert(node);
      case 'RawNode':
        return this.#checkRaw(node);
      default:
        return undefined;
    }
  }

  #checkFiltered(node: AnyNode): string | undefined {
    const sources: AnyNode[] = [
      ...(node.from?.froms ?? []),
      ...(node.using?.tables ?? []),
      ...(node.table ? [node.table] : []),
      ...(node.joins ?? []).map((j: AnyNode) => j.table),
    ];
    const owned = sources
      .map(tableOf)
      .filter((t): t is { name: string; alias: string } => t !== undefined && this.#tables.has(t.name));
    if (owned.length === 0) return undefined;
    const conditions = [node.where, ...(node.joins ?? []).map((j: AnyNode) => j.on)].filter(Boolean);
    const qualifiers = new Set<string | undefined>();
    for (const condition of conditions) collectCompanyIdQualifiers(condition, qualifiers, true);
    for (const table of owned) {
      const scoped = qualifiers.has(table.alias) || (owned.length === 1 && qualifiers.has(undefined));
      if (!scoped) {
        const verb = node.kind.replace('QueryNode', '').toUpperCase();
        return `${verb} on "${table.name}" has no company_id condition`;
      }
    }
    return undefined;
  }

  #checkInsert(node: AnyNode): string | undefined {
    const table = tableOf(node.into);
    if (!table || !this.#tables.has(table.name)) return undefined;
    const columns: AnyNode[] = node.columns ?? [];
    if (columns.some((c) => c.column?.name === 'company_id')) return undefined;
    return `INSERT into "${table.name}" sets no company_id`;
  }

  #checkRaw(node: AnyNode): string | undefined {
    const text = rawText(node).toLowerCase();
    // Schema changes (CREATE, DROP, ALTER in migrations) and the planner's statistics (ANALYZE,
    // lib/csv-import/import-statistics.ts) are not queries on company data.
    if (/^\s*(create|drop|alter|pragma|analyze)\b/.test(text)) return undefined;
    for (const table of this.#tables) {
      if (new RegExp(`\\b${table}\\b`).test(text) && !text.includes('company_id')) {
        return `raw SQL on "${table}" has no company_id condition: ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
      }
    }
    return undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: operation nodes are walked generically, by their `kind`.
type AnyNode = any;

/**
 * Calls `check` on every node of the tree. Raw SQL nested in raw SQL is checked
 * as a whole with its parent (a fragment alone may name a table whose
 * condition another fragment holds).
 */
function visit(node: unknown, check: (node: AnyNode) => void, insideRaw = false): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, check, insideRaw);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as AnyNode;
  if (typeof n.kind === 'string' && !(insideRaw && n.kind === 'RawNode')) check(n);
  const nowInsideRaw = insideRaw || n.kind === 'RawNode';
  for (const value of Object.values(n)) visit(value, check, nowInsideRaw);
}

/** The table name and the name it is referred to by (its alias, else itself). */
function tableOf(node: AnyNode): { name: string; alias: string } | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode' && node.node?.kind === 'TableNode') {
    const name = node.node.table.identifier.name;
    return { name, alias: node.alias.name ?? name };
  }
  if (node.kind === 'TableNode') {
    const name = node.table.identifier.name;
    return { name, alias: name };
  }
  return undefined;
}

/**
 * The qualifiers (table or alias, undefined for a bare column) of every
 * company_id referenced in a condition. Inside a subquery only qualified
 * references count: a bare one there belongs to the subquery's own table.
 */
function collectCompanyIdQualifiers(node: unknown, out: Set<string | undefined>, outermost: boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) collectCompanyIdQualifiers(item, out, outermost);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as AnyNode;
  if (
    n.kind === 'ReferenceNode' &&
    n.column?.kind === 'ColumnNode' &&
    n.column.column.name === 'company_id'
  ) {
    const qualifier: string | undefined = n.table?.table?.identifier?.name;
    if (qualifier !== undefined || outermost) out.add(qualifier);
    return;
  }
  if (n.kind === 'RawNode' && /\bcompany_id\b/i.test(rawText(n))) {
    // Raw conditions are trusted by their text, as raw queries are.
    const text = rawText(n);
    for (const m of text.matchAll(/(\w+)\.company_id\b/gi)) out.add(m[1]);
    if (outermost && /(^|[^.\w])company_id\b/i.test(text)) out.add(undefined);
  }
  const nested = n.kind === 'SelectQueryNode' ? false : outermost;
  for (const value of Object.values(n)) collectCompanyIdQualifiers(value, out, nested);
}

/** The text of raw SQL with the names its parameters refer to (tables, columns), values left out. */
function rawText(node: AnyNode): string {
  const parts: string[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) {
      for (const item of n) walk(item);
      return;
    }
    if (!n || typeof n !== 'object') return;
    const o = n as AnyNode;
    if (o.kind === 'ValueNode' || o.kind === 'ValueListNode' || o.kind === 'PrimitiveValueListNode') return;
    if (o.kind === 'RawNode') parts.push(...o.sqlFragments);
    if (o.kind === 'IdentifierNode') parts.push(` ${o.name} `);
    for (const value of Object.values(o)) if (value !== o.sqlFragments) walk(value);
  };
  walk(node);
  return parts.join(' ');
}
