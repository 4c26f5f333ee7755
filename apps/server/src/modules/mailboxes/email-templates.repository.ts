import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EmailTemplatesTable } from '../../db/schema.ts';

export type TemplateRow = Selectable<EmailTemplatesTable>;

export function listTemplates(db: Database, companyId: number): Promise<TemplateRow[]> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findTemplate(db: Database, companyId: number, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countTemplates(db: Database, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('email_templates')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTemplate(db: Database, row: Insertable<EmailTemplatesTable>): Promise<number> {
  const inserted = await db
    .insertInto('email_templates')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateTemplate(
  db: Database,
  companyId: number,
  id: number,
  patch: Updateable<EmailTemplatesTable>,
): Promise<void> {
  await db
    .updateTable('email_templates')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplate(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('email_templates')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
