import { type Kysely, sql } from 'kysely';
import { crossCompany } from '../cross-company.ts';

/**
 * The board's open columns from kept figures (docs/decisions/063-board-and-move-statements.md):
 * `deal_stats` rows of kind `stage` count the open deals now in each stage and sum their
 * amounts, per pipeline, owner and currency (month ''), kept by the deals' write door from
 * here on. Filled here from the deals there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into deal_stats
      (company_id, pipeline_id, owner_id, currency, kind, month, stage_id, n, amount_cents, weighted, seconds)
    select company_id, pipeline_id, coalesce(owner_id, 0), currency, 'stage', '', stage_id, count(*),
      sum(coalesce(amount_cents, 0)), 0, 0
    from deals
    where status = 'open'
    group by company_id, pipeline_id, coalesce(owner_id, 0), currency, stage_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await crossCompany(db, "a migration removes every company's stage figures")
    .deleteFrom('deal_stats')
    .where('kind', '=', 'stage')
    .execute();
}
