import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
