import type { Queue } from 'bullmq';
import type { Database } from '../db/database.ts';
import { KEEP_COMPLETED_MS, KEEP_DEAD_MS } from './retention.ts';

const BATCH = 500;

/** The BullMQ job id of a job row (BullMQ refuses ids that look like integers, hence the prefix). */
export const bullJobId = (rowId: number | string) => `row-${rowId}`;

/** The row a BullMQ job came from; null for jobs BullMQ made itself (repeating schedules). */
export function rowIdOfBullJob(jobId: string | undefined): number | null {
  const match = /^row-(\d+)$/.exec(jobId ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Moves committed job rows to BullMQ. The row id is the BullMQ job id, and BullMQ
 * ignores an add whose id it already holds, so a relay that dies between adding
 * and marking (or two relays racing) neither loses nor duplicates a job. Relayed
 * rows stay, marked completed, for the prune job's week: that keeps idempotency
 * keys taken as long as the BullMQ job is remembered.
 */
export function createJobRelay(db: Database, queueFor: (name: string) => Queue) {
  let running: Promise<void> | undefined;
  let again = false;

  async function relayOnce(): Promise<number> {
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'name', 'payload', 'max_attempts', 'run_at'])
      .where('state', '=', 'waiting')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return 0;
    const now = Date.now();
    const byName = new Map<string, typeof rows>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    for (const [name, group] of byName) {
      await queueFor(name).addBulk(
        group.map((row) => ({
          name,
          data: JSON.parse(row.payload),
          opts: {
            jobId: bullJobId(row.id),
            delay: Math.max(0, Date.parse(row.run_at) - now),
            attempts: row.max_attempts,
            backoff: { type: 'kontora' },
            removeOnComplete: { age: KEEP_COMPLETED_MS / 1000 },
            removeOnFail: { age: KEEP_DEAD_MS / 1000 },
          },
        })),
      );
    }
    await db
      .updateTable('jobs')
      .set({ state: 'completed', locked_by: 'relay', finished_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('state', '=', 'waiting')
      .execute();
    return rows.length;
  }

  /** Relays until the outbox is empty; concurrent calls join the running pass (and ask for one more). */
  return function relay(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await relayOnce()) === BATCH) {}
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}
