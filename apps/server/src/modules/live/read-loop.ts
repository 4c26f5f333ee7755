import type { FastifyBaseLogger } from 'fastify';

export interface ReadLoop {
  /** Reads now, or once more right after the read under way. */
  read(): void;
  /** Waits for the next read by the timer. */
  schedule(): void;
  stop(): Promise<void>;
}

/**
 * One reader of a shared table for this instance (the change feed, notifications): one read at a
 * time, a read asked for meanwhile runs right after, and otherwise the next one after
 * `delayMs()`. A failed read is logged and the loop goes on.
 */
export function createReadLoop(
  readAll: () => Promise<void>,
  options: { delayMs: () => number; log: FastifyBaseLogger; what: string },
): ReadLoop {
  let reading: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    timer = setTimeout(read, options.delayMs());
    timer.unref();
  };

  function read() {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    clearTimeout(timer);
    reading = readAll()
      .catch((err) => options.log.error({ err }, `live updates: reading ${options.what} failed`))
      .finally(() => {
        reading = null;
        if (stopped) return;
        if (again) {
          again = false;
          read();
        } else schedule();
      });
  }

  return {
    read,
    schedule,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await reading;
    },
  };
}
