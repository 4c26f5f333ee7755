import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RelayOptions {
  redisUrl: string | undefined;
  channel: string;
  log: FastifyBaseLogger;
  /** What travels, for the log: "job event", "admin notice". */
  what: string;
}

export interface Relay {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts following this instance's messages, handing each to `publish`; answers how to stop. */
export type RelaySource<T> = (publish: (message: T) => void) => () => void;

/**
 * Passing messages for the live sockets of every instance (job events, admin
 * notices): what `source` yields on this instance reaches `deliver` on every
 * instance. With Redis each message is published once and each instance hands
 * it to its own sockets; without Redis there is one instance and it goes
 * straight to its hub. Nothing is kept: a message lost to a Redis outage is
 * made good by the ones after it, or by the client reading again when its
 * socket comes back.
 */
export function createRelay<T>(
  options: RelayOptions,
  source: RelaySource<T>,
  deliver: (message: T) => void,
): Relay {
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let unfollow: (() => void) | undefined;
  const publish = (message: T) => {
    if (!publisher) return deliver(message);
    publisher.publish(options.channel, JSON.stringify(message)).catch((err) => {
      options.log.warn({ err }, `live updates: publishing a ${options.what} failed`);
    });
  };
  return {
    async start() {
      if (options.redisUrl) {
        publisher = new Redis(options.redisUrl);
        subscriber = new Redis(options.redisUrl);
        await subscriber.subscribe(options.channel);
        subscriber.on('message', (_channel: string, text: string) => {
          try {
            deliver(JSON.parse(text) as T);
          } catch (err) {
            options.log.warn({ err }, `live updates: unreadable ${options.what}`);
          }
        });
      }
      unfollow = source(publish);
    },
    async stop() {
      unfollow?.();
      await Promise.allSettled([publisher?.quit(), subscriber?.quit()]);
    },
  };
}
