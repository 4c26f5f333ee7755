import type { Kysely } from 'kysely';

/**
 * The company a job works for (decision 028): its progress is
 * published to that company's live sockets, and the company's people may read
 * the job (`GET /api/companies/{companyId}/jobs/{jobId}`). Null for jobs of the
 * whole deployment (mail, maintenance). No foreign key: job rows are kept for
 * the admin screen after their company is gone, and pruned on their own clock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('company_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('company_id').execute();
}
