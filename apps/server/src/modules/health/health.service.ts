import type { AppContext } from '../../context.ts';
import { pingDatabase } from './health.repository.ts';

/** Ready to serve when the database answers. */
export async function isReady(ctx: AppContext): Promise<boolean> {
  try {
    await pingDatabase(ctx.db);
    return true;
  } catch {
    return false;
  }
}
