import { readdir, readFile } from 'node:fs/promises';

/**
 * The CPU time of the PostgreSQL backends serving one database (processes titled
 * `postgres: … <database> …`, read from /proc every `everyMs`): a backend's last reading is
 * kept when it exits, so a connection the pool closes still counts up to then. The server is
 * shared with other sessions' tests; only this database's backends are summed.
 */
const TICKS = 100;

async function backendTicks(database: string): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const title = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {}
  }
  return found;
}

export async function watchBackends(database: string, everyMs = 200): Promise<{ stop(): Promise<number> }> {
  const first = await backendTicks(database);
  const last = new Map(first);
  const read = async () => {
    for (const [pid, ticks] of await backendTicks(database)) last.set(pid, ticks);
  };
  let reading = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(read).catch(() => {});
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      await read();
      let ticks = 0;
      for (const [pid, t] of last) ticks += t - (first.get(pid) ?? 0);
      return ticks / TICKS;
    },
  };
}
