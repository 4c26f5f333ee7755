import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { newestNotificationId, notificationsAfter } from '../notifications/notifications.service.ts';
import { createReadLoop } from './read-loop.ts';

const PAGE = 500;
/**
 * Ids below the highest seen that are read again: on PostgreSQL an id is taken at insert
 * and a transaction that took a lower one may commit later; those are still told, once.
 */
const LOOK_BACK = 50;

export interface NotificationTailer {
  start(): Promise<void>;
  /** A write was answered here: a notification may have been committed with it. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * The one reader of new notifications of this instance (docs/decisions/055-notifications.md).
 * Notifications are a person's, not a company's, so they are in no change feed; each
 * instance reads the shared table every `pollMs` (and at once after a write it answered)
 * and tells the person's own sockets here. The database is the source, so every
 * instance tells its sockets, whichever instance or job made the row.
 */
export function createNotificationTailer(
  ctx: AppContext,
  options: { pollMs: number; log: FastifyBaseLogger },
  deliver: (rows: { id: number; user_id: number }[]) => void,
): NotificationTailer {
  let high = 0;
  const told = new Set<number>();
  const readAll = async () => {
    for (;;) {
      const floor = Math.max(0, high - LOOK_BACK);
      const rows = await notificationsAfter(ctx.db, floor, PAGE);
      const fresh = rows.filter((r) => !told.has(r.id));
      for (const r of fresh) told.add(r.id);
      high = Math.max(high, ...rows.map((r) => r.id));
      for (const id of told) if (id <= high - LOOK_BACK) told.delete(id);
      if (fresh.length) deliver(fresh);
      if (rows.length < PAGE) return;
    }
  };

  const loop = createReadLoop(readAll, {
    delayMs: () => options.pollMs,
    log: options.log,
    what: 'notifications',
  });

  return {
    async start() {
      high = await newestNotificationId(ctx.db);
      loop.schedule();
    },
    nudge: () => loop.read(),
    stop: () => loop.stop(),
  };
}
