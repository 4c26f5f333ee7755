import type { Kysely } from 'kysely';

/**
 * Sections of a company's own fields (docs/decisions/081-custom-field-sections.md):
 * `custom_fields.section` names the heading a field stands under in forms and record pages;
 * null: the default group. Sections are ordered by their first field's `position`, so there
 * is no table of sections. One nullable column: no rewrite of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('custom_fields').addColumn('section', 'varchar(60)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('custom_fields').dropColumn('section').execute();
}
