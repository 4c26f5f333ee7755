import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * On PostgreSQL, own-field value rows keep no foreign keys
 * (docs/decisions/120-own-values-without-foreign-keys-on-postgres.md). Each key cost every
 * value row a check query as it was inserted: 40 checks for a create with 20 values. What
 * the keys' cascades did, statement triggers do:
 * - a deleted customer's or deal's values go with it (also when a company's deletion
 *   cascades to its records);
 * - a purged field's values go with it, found through the partial (field, value) indexes,
 *   which the key's cascade could not use: it read the whole value table.
 * Rows are written only by the records' write doors, for a record and a field in use inside
 * the same transaction, so nothing inserts a value for a record or field that is not there.
 * SQLite keeps its keys: it checks them inside the process, a primary-key lookup each.
 */
const RECORDS = [
  { values: 'customer_field_values', records: 'customers', record: 'customer' },
  { values: 'deal_field_values', records: 'deals', record: 'deal' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { values, records } of RECORDS) {
    await sql`alter table ${sql.table(values)} drop constraint if exists ${sql.id(`${values}_record_id_fkey`)}, drop constraint if exists ${sql.id(`${values}_field_id_fkey`)}`.execute(
      db,
    );
    const fn = sql.id(`${values}_of_gone_records`);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin
        delete from ${sql.table(values)} v using gone g where v.record_id = g.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.id(`${records}_own_values_ad`)} after delete on ${sql.table(records)}
      referencing old table as gone for each statement execute function ${fn}()`.execute(db);
  }
  // Each value row holds text or a number, so the two partial indexes find all of a field's rows.
  const deletes = RECORDS.map(
    ({ values, record }) => sql`
        delete from ${sql.table(values)} v using gone g
          where g.record = ${sql.lit(record)} and v.field_id = g.id and v.v_text is not null;
        delete from ${sql.table(values)} v using gone g
          where g.record = ${sql.lit(record)} and v.field_id = g.id and v.v_num is not null;`,
  );
  await sql`create function own_values_of_gone_fields() returns trigger language plpgsql as $$
      begin
        ${sql.join(deletes, sql``)}
        return null;
      end $$`.execute(db);
  await sql`create trigger custom_fields_own_values_ad after delete on custom_fields
    referencing old table as gone for each statement execute function own_values_of_gone_fields()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger custom_fields_own_values_ad on custom_fields`.execute(db);
  await sql`drop function own_values_of_gone_fields()`.execute(db);
  for (const { values, records } of RECORDS) {
    await sql`drop trigger ${sql.id(`${records}_own_values_ad`)} on ${sql.table(records)}`.execute(db);
    await sql`drop function ${sql.id(`${values}_of_gone_records`)}()`.execute(db);
    await sql`alter table ${sql.table(values)}
      add constraint ${sql.id(`${values}_record_id_fkey`)} foreign key (record_id) references ${sql.table(records)} (id) on delete cascade,
      add constraint ${sql.id(`${values}_field_id_fkey`)} foreign key (field_id) references custom_fields (id) on delete cascade`.execute(
      db,
    );
  }
}
