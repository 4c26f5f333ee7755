import type { Database } from '../../db/database.ts';

/** Per-company counts kept by the customer triggers (migration 002): by status and by month of creation (UTC). */
export function customerCounts(db: Database, companyId: number) {
  return db
    .selectFrom('customer_counts')
    .select(['dimension', 'value', 'n'])
    .where('company_id', '=', companyId)
    .execute();
}

export function recentCustomers(db: Database, companyId: number, limit: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'type', 'status', 'email', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
