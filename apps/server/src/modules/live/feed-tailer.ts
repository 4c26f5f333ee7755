import { randomUUID } from 'node:crypto';
import type { ChangeEntry } from '@kontora/contract/change-feed';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AppContext } from '../../context.ts';
import { type RelayPosition, readChangesForRelay } from '../change-feed/change-feed.service.ts';
import { feedEnd } from './live.repository.ts';
import { createReadLoop } from './read-loop.ts';

const PAGE = 1000;
/** Re-read interval, and for how long, after a nudge (see `schedule`). */
const CHASE_MS = 20;
const CHASE_FOR_MS = 400;

export interface FeedTailer {
  start(): Promise<void>;
  /** Something was committed (here or, through Redis, on another instance): read now rather than at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * The one change-feed reader of this instance (never one per socket). It
 * follows the shared database's feed with the relay reader (decision 009), so
 * every instance sees every company's committed changes in order, whatever
 * instance wrote them. It reads when nudged and otherwise every `pollMs`.
 *
 * Nudges: a write answered by this instance nudges it at once; with Redis the
 * nudge is also published, so the other instances read at once too instead of
 * at their next poll. Redis only carries the wake-up, never the entries: the
 * database stays the one source of order and of resume.
 */
export function createFeedTailer(
  ctx: AppContext,
  options: { pollMs: number; redisUrl: string | undefined; channel: string; log: FastifyBaseLogger },
  deliver: (entries: ChangeEntry[]) => void,
): FeedTailer {
  const instance = randomUUID();
  let position: RelayPosition = { tx: '0', id: 0 };
  let stopped = false;
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  const readAll = async () => {
    for (;;) {
      const { items, next } = await readChangesForRelay(ctx, position, PAGE);
      position = next;
      // Within a company ids commit in order; across a page, transaction order can interleave them.
      if (items.length) deliver(items.sort((a, b) => a.id - b.id));
      if (items.length < PAGE || stopped) return;
    }
  };

  // After a nudge the new row may still sit above PostgreSQL's transaction horizon (another
  // transaction of the cluster still running): read again shortly for a while rather than
  // waiting a whole poll.
  let chaseUntil = 0;
  const loop = createReadLoop(readAll, {
    delayMs: () => (Date.now() < chaseUntil ? Math.min(CHASE_MS, options.pollMs) : options.pollMs),
    log: options.log,
    what: 'the change feed',
  });
  const read = loop.read;

  return {
    async start() {
      position = await feedEnd(ctx.db);
      if (options.redisUrl) {
        publisher = new Redis(options.redisUrl);
        subscriber = new Redis(options.redisUrl);
        await subscriber.subscribe(options.channel);
        subscriber.on('message', (_channel: string, from: string) => {
          if (from === instance) return;
          if (ctx.dialect === 'postgres') chaseUntil = Date.now() + CHASE_FOR_MS;
          read();
        });
      }
      loop.schedule();
    },
    nudge() {
      if (ctx.dialect === 'postgres') chaseUntil = Date.now() + CHASE_FOR_MS;
      read();
      void publisher?.publish(options.channel, instance).catch(() => {});
    },
    async stop() {
      stopped = true;
      await loop.stop();
      await Promise.allSettled([publisher?.quit(), subscriber?.quit()]);
    },
  };
}
