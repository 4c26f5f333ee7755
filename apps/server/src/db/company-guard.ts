import { type RawBuilder, sql } from 'kysely';

/**
 * A table's `company_id` as the guard of a statement that finds rows by a record (a customer's
 * tags, a person's organisations, deals by id): `where(companyGuard('company_id'), '=', id)`
 * (docs/decisions/114-record-lookups-never-walk-the-company.md).
 *
 * Why: SQLite without statistics (a database the app grew is never analysed) rates an equality on
 * the first column of any index alike, and often took the (company_id, …) index, walking all the
 * company's rows for each statement: at 300,000 customers an import's updates spent 42 of their
 * 45 s deleting tags that way. The unary plus takes the column out of the index choice, so the
 * record's own index is read; the guard still filters. On PostgreSQL `+company_id` is an
 * expression too, so there as well the record's own index (or the id list) is chosen over the
 * company's.
 */
export function companyGuard(column: string): RawBuilder<number> {
  return sql<number>`+${sql.ref(column)}`;
}
