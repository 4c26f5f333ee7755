import { type Kysely, sql } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * The sales pipeline (docs/decisions/051-deals-and-pipelines.md): pipelines and their
 * stages, deals with their people, tags and timeline, the company's lost reasons, and
 * to-dos that belong to a deal (`events.deal_id`).
 *
 * - `deals.amount_cents`: the amount in minor units, 64-bit (no float rounding in sums).
 * - `deals.position`: sparse 64-bit integers, ordered ascending within a stage; a move
 *   takes a number between its new neighbours, so it is one UPDATE of one row (a column
 *   is renumbered only when two neighbours have no number left between them).
 * - `deals.status` follows the kind of the stage and is kept beside it for filters.
 * - `deal_stats`: the forecast's figures kept by the application's one write door for
 *   deals, per pipeline, owner, currency, kind and month (so a forecast over a million
 *   deals reads a few hundred rows).
 *
 * Every existing company gets the "Sales" pipeline, its stage names in the language of
 * the company's country (English when none of the six).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const pg = isPostgres(db);
  const company = (c: any) => c.notNull().references('companies.id').onDelete('cascade');

  await db.schema
    .createTable('pipelines')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pipelines_company_idx')
    .on('pipelines')
    .columns(['company_id', 'position'])
    .execute();

  await db.schema
    .createTable('pipeline_stages')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('pipeline_id', 'integer', (c) => c.notNull().references('pipelines.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('probability', 'integer', (c) => c.notNull())
    .addColumn('rotting_days', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pipeline_stages_pipeline_idx')
    .on('pipeline_stages')
    .columns(['pipeline_id', 'position'])
    .execute();

  await db.schema
    .createTable('deals')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('pipeline_id', 'integer', (c) => c.notNull().references('pipelines.id'))
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('pipeline_stages.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // Lower case without diacritics, for the title sort and search.
    .addColumn('sort_title', pg ? sql`varchar(200) collate "C"` : 'varchar(200)', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    // The deal's own probability; null follows the stage's.
    .addColumn('probability', 'integer')
    .addColumn('expected_close_date', 'varchar(10)')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organisation_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('lost_reason', 'varchar(200)')
    .addColumn('closed_at', t.timestamp)
    .addColumn('stage_entered_at', t.timestamp, (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  const dealIndexes: [string, string[]][] = [
    // The board: one range per column, in board order; also the stage's foreign key.
    ['deals_board_idx', ['company_id', 'pipeline_id', 'stage_id', 'position', 'id']],
    // The board's column totals (count and sum by currency) from the index alone.
    ['deals_board_totals_idx', ['company_id', 'pipeline_id', 'stage_id', 'currency', 'amount_cents']],
    ['deals_stage_idx', ['stage_id']],
    ['deals_updated_idx', ['company_id', 'updated_at', 'id']],
    ['deals_created_idx', ['company_id', 'created_at', 'id']],
    ['deals_title_idx', ['company_id', 'sort_title', 'id']],
    ['deals_close_idx', ['company_id', 'expected_close_date', 'id']],
    ['deals_status_idx', ['company_id', 'status', 'updated_at', 'id']],
    ['deals_pipeline_idx', ['pipeline_id', 'status']],
    ['deals_owner_idx', ['owner_id', 'company_id', 'updated_at', 'id']],
    ['deals_organisation_idx', ['organisation_id']],
  ];
  for (const [name, columns] of dealIndexes) {
    await db.schema.createIndex(name).on('deals').columns(columns).execute();
  }

  await db.schema
    .createTable('deal_tags')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_tags_pk', ['deal_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('deal_tags_tag_idx')
    .on('deal_tags')
    .columns(['company_id', 'tag', 'deal_id'])
    .execute();

  await db.schema
    .createTable('deal_customers')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('deal_customers_pk', ['deal_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('deal_customers_customer_idx')
    .on('deal_customers')
    .columns(['customer_id', 'deal_id'])
    .execute();

  await db.schema
    .createTable('deal_lost_reasons')
    .addColumn('company_id', 'integer', company)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_lost_reasons_pk', ['company_id', 'position'])
    .execute();

  await db.schema
    .createTable('deal_activities')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('changes', 'text')
    .addColumn('author_id', 'integer')
    .addColumn('author_key_name', 'varchar(100)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deal_activities_deal_idx')
    .on('deal_activities')
    .columns(['deal_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('deal_stats')
    .addColumn('company_id', 'integer', company)
    .addColumn('pipeline_id', 'integer', (c) => c.notNull())
    // 0: no owner.
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // '': figures that are counts only (stage entries).
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // open (month: expected close, '' when none), won / lost (month closed), entered (a stage entered).
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    // 0 but for `entered`.
    .addColumn('stage_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    // Sum of amount_cents × probability (percent), divided by 100 when read.
    .addColumn('weighted', 'bigint', (c) => c.notNull())
    // Won: sum of seconds from creation to won.
    .addColumn('seconds', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_stats_pk', [
      'company_id',
      'pipeline_id',
      'owner_id',
      'currency',
      'kind',
      'month',
      'stage_id',
    ])
    .execute();

  await db.schema
    .alterTable('events')
    .addColumn('deal_id', 'integer', (c) => c.references('deals.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('events_deal_idx')
    .on('events')
    .columns(['deal_id', 'start_at', 'id'])
    .execute();

  const companies = await db.selectFrom('companies').select(['id', 'country']).execute();
  const now = new Date().toISOString();
  for (const c of companies) await salesPipeline(db, c.id, c.country, now);
}

const STAGES = [
  ['open', 10],
  ['open', 25],
  ['open', 50],
  ['open', 75],
  ['won', 100],
  ['lost', 0],
] as const;

/** The default names as they were when this migration was written (frozen, like the migration). */
const NAMES: Record<string, string[]> = {
  en: ['Sales', 'Lead in', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'],
  hr: ['Prodaja', 'Novi upit', 'Kvalificiran', 'Ponuda', 'Pregovori', 'Dobiven', 'Izgubljen'],
  es: ['Ventas', 'Nuevo contacto', 'Cualificado', 'Propuesta', 'Negociación', 'Ganado', 'Perdido'],
  de: ['Vertrieb', 'Neuer Lead', 'Qualifiziert', 'Angebot', 'Verhandlung', 'Gewonnen', 'Verloren'],
  it: ['Vendite', 'Nuovo contatto', 'Qualificato', 'Proposta', 'Trattativa', 'Vinto', 'Perso'],
  ru: ['Продажи', 'Новый лид', 'Квалифицирован', 'Предложение', 'Переговоры', 'Выиграна', 'Проиграна'],
};
const LANGUAGE_OF_COUNTRY: Record<string, string> = {
  HR: 'hr',
  ES: 'es',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  IT: 'it',
  RU: 'ru',
};

async function salesPipeline(db: Kysely<any>, companyId: number, country: string | null, now: string) {
  const names = NAMES[LANGUAGE_OF_COUNTRY[country ?? ''] ?? 'en'] ?? (NAMES.en as string[]);
  const pipeline = await db
    .insertInto('pipelines')
    .values({
      company_id: companyId,
      name: names[0],
      position: 0,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('pipeline_stages')
    .values(
      STAGES.map(([kind, probability], i) => ({
        company_id: companyId,
        pipeline_id: pipeline.id,
        name: names[i + 1],
        kind,
        probability,
        rotting_days: null,
        position: i,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_deal_idx').execute();
  await db.schema.alterTable('events').dropColumn('deal_id').execute();
  for (const table of [
    'deal_stats',
    'deal_activities',
    'deal_lost_reasons',
    'deal_customers',
    'deal_tags',
    'deals',
    'pipeline_stages',
    'pipelines',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
