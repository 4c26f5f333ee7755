import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceTags, replaceTagsOfMany } from '../modules/customers/customers.repository.ts';
import { tagsOf } from '../modules/customers/duplicates/customer-merge.repository.ts';
import {
  linksOfPeople,
  replaceLinks,
} from '../modules/customers/organisations/customer-organisations.repository.ts';
import { replaceDealTags } from '../modules/deals/deals.repository.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * Statements that find rows by a record (a customer's tags, a person's organisations, a deal's
 * tags) read the record's index, not the company's (company-guard.ts): on SQLite without
 * statistics, each walked every row of the company.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `work`'s statements as sent, compiled. */
async function statementsOf(
  db: Database,
  work: (db: Database) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      seen.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await work(db.withPlugin(capture));
  return seen;
}

describe('statements by a record', () => {
  it('read the record’s index on SQLite, never walk the company’s rows', async () => {
    const db = t.ctx.db;
    if (dialectOf(db) !== 'sqlite') return;
    const company = await t.company('Guarded', []);
    const statements = await statementsOf(db, async (d) => {
      await replaceTagsOfMany(d, company, [
        { id: 1, tags: [] },
        { id: 2, tags: [] },
      ]);
      await replaceTags(d, company, 1, []);
      await tagsOf(d, company, [1, 2]);
      await linksOfPeople(d, company, [1, 2]);
      await replaceLinks(d, company, 1, []);
      await replaceDealTags(d, company, 1, []);
    });
    expect(statements.length).toBe(6);
    for (const statement of statements) {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
      );
      const steps = plan.rows.map((r) => r.detail).join('\n');
      expect(steps, statement.sql).not.toMatch(/INDEX \w+ \(company_id=\?\)/);
      expect(steps, statement.sql).not.toMatch(/^SCAN (customer_tags|deal_tags|customer_organisations|l)\b/m);
    }
  });
});
