import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStatuses, replaceTags, replaceTagsOfMany } from '../modules/customers/customers.repository.ts';
import {
  idsByCustomer,
  moveRows,
  tagsOf,
} from '../modules/customers/duplicates/customer-merge.repository.ts';
import {
  linksOfPeople,
  replaceLinks,
} from '../modules/customers/organisations/customer-organisations.repository.ts';
import { listDeals } from '../modules/deals/deal-list.repository.ts';
import {
  bumpDealVersionsOf,
  deleteDealsReturning,
  replaceDealTags,
} from '../modules/deals/deals.repository.ts';
import { statementsOf } from '../test-support/statement-capture.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * Statements that find rows by a record, and the cascades of deleting one, read the record's
 * index, never a whole table or the whole company's rows (company-guard.ts, migration 073,
 * docs/decisions/114-record-lookups-never-walk-the-company.md). SQLite plans without statistics:
 * its plans are the same whatever the data, so an empty database shows them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The steps of the statement's plan, cascades and triggers included. */
async function planOf(db: Database, statement: string, parameters: readonly unknown[] = []): Promise<string> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement}`, [...parameters]),
  );
  return plan.rows.map((r) => r.detail).join('\n');
}

/** A step reading a whole table, or all of a company's rows where a record was asked for. */
const WALK = /^SCAN (?!CONSTANT ROW)|INDEX \w+ \(company_id=\?\)$/m;

describe('statements by a record', () => {
  it('read the record’s index on SQLite, never walk the company’s rows', async () => {
    const db = t.ctx.db;
    if (dialectOf(db) !== 'sqlite') return;
    const company = await t.company('Guarded', []);
    const by = { userId: null, at: new Date().toISOString() };
    const statements = await statementsOf(db, async (d) => {
      await replaceTagsOfMany(d, company, [
        { id: 1, tags: [] },
        { id: 2, tags: [] },
      ]);
      await replaceTags(d, company, 1, []);
      await tagsOf(d, company, [1, 2]);
      await findStatuses(d, company, [1, 2]);
      await linksOfPeople(d, company, [1, 2]);
      await replaceLinks(d, company, 1, []);
      await idsByCustomer(d, 'events', company, [1, 2]);
      await moveRows(d, 'events', company, [1, 2], [3, 4], 5);
      await replaceDealTags(d, company, 1, []);
      await deleteDealsReturning(d, company, [1, 2]);
      await bumpDealVersionsOf(d, company, [1, 2], by);
    });
    expect(statements.length).toBe(11);
    // A customer's deals (the customer page's card), in any order: found by the customer.
    for (const sort of ['updated_at', 'title'] as const) {
      const page = await statementsOf(db, (d) =>
        listDeals(d, company, { customerId: 1, terms: [] }, sort, 'desc', undefined, 25),
      );
      statements.push(...page.filter((q) => q.sql.includes('deal_customers')));
    }
    expect(statements.length).toBe(13);
    for (const statement of statements)
      expect(await planOf(db, statement.sql, statement.parameters), statement.sql).not.toMatch(WALK);
  });

  it('deleting a customer, deal, to-do or message finds what hangs from it by its key', async () => {
    const db = t.ctx.db;
    if (dialectOf(db) !== 'sqlite') return;
    for (const table of ['customers', 'deals', 'events', 'email_messages']) {
      // The row itself by its id (as the guarded deletes ask), then its cascades and triggers.
      const plan = await planOf(db, `delete from ${table} where +company_id = ? and id in (?, ?)`);
      expect(plan, table).not.toMatch(WALK);
      // The cascades are in the plan: a delete of a customer reaches its tags and to-dos.
      if (table === 'customers') expect(plan).toMatch(/customer_tags_customer_idx/);
      if (table === 'customers') expect(plan).toMatch(/events_customer_idx/);
    }
  });
});
