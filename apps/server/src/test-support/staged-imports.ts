import type { Readable } from 'node:stream';
import type { ChangeEntry } from '@kontora/contract/change-feed';
import { readChanges } from '../modules/change-feed/change-feed.service.ts';
import type { TestApp } from './test-app.ts';

/** Staged imports and rows of the companies, read straight from the database (docs/decisions/068-staged-imports.md). */
export async function stagedOf(t: TestApp, companies: number[]): Promise<{ imports: number; rows: number }> {
  let imports = 0;
  let rows = 0;
  for (const company of companies) {
    const i = await t.ctx.db
      .selectFrom('csv_imports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    const r = await t.ctx.db
      .selectFrom('csv_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    imports += Number(i.n);
    rows += Number(r.n);
  }
  return { imports, rows };
}

/** A company's change-feed entries after the entry `after` (an import test's, at most 100,000). */
export const feedAfter = (t: TestApp, company: number, after: number): Promise<ChangeEntry[]> =>
  readChanges(t.ctx, company, after, 100_000);

/** The id of a company's last change-feed entry (0 before its first). */
export const lastFeedId = async (t: TestApp, company: number): Promise<number> =>
  (await feedAfter(t, company, 0)).at(-1)?.id ?? 0;

/** A CSV file posted to an import route as the body. */
export const postCsv = (t: TestApp, token: string, url: string, csv: string | Readable) =>
  t.call(token, { method: 'POST', url, payload: csv, headers: { 'content-type': 'text/csv' } });
