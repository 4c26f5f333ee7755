import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RelayOptions {
  redisUrl: string | undefined;
  /** Each relay's channel is this plus its name: `<REDIS_PREFIX>:live-<name>`. */
  channelPrefix: string;
  log: FastifyBaseLogger;
}

/** Starts following this instance's messages, handing each to `publish`; answers how to stop. */
export type RelaySource<T> = (publish: (message: T) => void) => () => void;

/** One kind of passing message: where it comes from on this instance, what takes it on every instance. */
export interface RelayChannel<T> {
  name: string;
  /** What travels, for the log: "job event", "admin notice". */
  what: string;
  source: RelaySource<T>;
  deliver: (message: T) => void;
}

export interface Relays {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Types one channel of `createRelays` (each channel carries its own kind of message). */
export const relayChannel = <T>(channel: RelayChannel<T>): RelayChannel<unknown> =>
  channel as RelayChannel<unknown>;

/**
 * Passing messages for the live sockets of every instance (job events, admin
 * and settings notices): what a channel's `source` yields on this instance
 * reaches its `deliver` on every instance. With Redis each message is
 * published once on its channel, and each instance hands it to its own
 * sockets; one publishing and one subscribed connection carry every channel.
 * Without Redis there is one instance and it goes straight to its hub.
 * Nothing is kept: a message lost to a Redis outage is made good by the ones
 * after it, or by the client reading again when its socket comes back.
 */
export function createRelays(options: RelayOptions, channels: RelayChannel<unknown>[]): Relays {
  const byName = new Map(channels.map((channel) => [options.channelPrefix + channel.name, channel]));
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  const unfollow: (() => void)[] = [];
  return {
    async start() {
      if (options.redisUrl) {
        publisher = new Redis(options.redisUrl);
        subscriber = new Redis(options.redisUrl);
        subscriber.on('message', (name: string, text: string) => {
          const channel = byName.get(name);
          try {
            channel?.deliver(JSON.parse(text));
          } catch (err) {
            options.log.warn({ err }, `live updates: unreadable ${channel?.what}`);
          }
        });
        await subscriber.subscribe(...byName.keys());
      }
      for (const [name, channel] of byName) {
        unfollow.push(
          channel.source((message) => {
            if (!publisher) return channel.deliver(message);
            publisher.publish(name, JSON.stringify(message)).catch((err) => {
              options.log.warn({ err }, `live updates: publishing a ${channel.what} failed`);
            });
          }),
        );
      }
    },
    async stop() {
      for (const stop of unfollow.splice(0)) stop();
      await Promise.allSettled([publisher?.quit(), subscriber?.quit()]);
    },
  };
}
