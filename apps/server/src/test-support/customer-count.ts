import type { TestApp } from './test-app.ts';

/** How many customers a company has, read straight from the database (what an attack may have saved). */
export async function customerCount(t: TestApp, companyId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
