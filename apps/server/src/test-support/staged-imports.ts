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
