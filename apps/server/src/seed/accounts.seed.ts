import type { CompanyRole } from '@kontora/contract/limits';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createDefaultPipeline } from '../modules/deals/pipelines.service.ts';

export async function createActiveUser(
  db: Database,
  values: { email: string; full_name: string; password: string; is_admin?: boolean; language?: string },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      email: values.email.toLowerCase(),
      full_name: values.full_name,
      password_hash: await hashPassword(values.password),
      is_admin: values.is_admin ?? false,
      status: 'active',
      language: values.language ?? 'hr',
      preferences: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createCompanyWith(
  db: Database,
  values: { name: string; legal_name?: string; oib?: string; country?: string; modules: number[] },
  members: { userId: number; role: CompanyRole }[] = [],
): Promise<number> {
  const now = new Date().toISOString();
  const { modules, ...fields } = values;
  const row = await db
    .insertInto('companies')
    .values({
      ...fields,
      time_zone: 'Europe/Zagreb',
      currency: 'EUR',
      is_active: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (modules.length) {
    await db
      .insertInto('company_modules')
      .values(modules.map((m) => ({ company_id: row.id, module_id: m })))
      .execute();
  }
  await createDefaultPipeline(db, row.id, fields.country);
  if (members.length) {
    await db
      .insertInto('memberships')
      .values(members.map((m) => ({ company_id: row.id, user_id: m.userId, role: m.role, created_at: now })))
      .execute();
  }
  return row.id;
}
