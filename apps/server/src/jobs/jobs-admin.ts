import type { Database } from '../db/database.ts';
import { invalidField } from '../lib/errors.ts';
import * as repo from './jobs.repository.ts';
import type { Jobs } from './jobs.ts';

/** A row id, or null for anything else (also one past PostgreSQL integers: no such row). */
const toId = (id: string) => (/^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null);

/** The admin face over the jobs table (the embedded engine's jobs, and the relay's not-yet-relayed rows). */
export function createJobsAdmin(db: Database): Pick<Jobs, 'stats' | 'list' | 'get' | 'retry' | 'discard'> {
  return {
    stats: () => repo.countJobs(db),
    async list(query) {
      let beforeId: number | undefined;
      if (query.cursor !== undefined) {
        const id = toId(query.cursor);
        if (id === null) throw invalidField('cursor', 'invalid_cursor');
        beforeId = id;
      }
      const rows = await repo.listJobs(db, { state: query.state, beforeId, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return {
        items: page.map(repo.toSummary),
        next_cursor: rows.length > query.limit ? String(page.at(-1)?.id) : null,
      };
    },
    async get(id) {
      const n = toId(id);
      const row = n === null ? undefined : await repo.findJob(db, n);
      return row ? repo.toSummary(row) : null;
    },
    async retry(id) {
      const n = toId(id);
      return n !== null && repo.retryJob(db, n, new Date().toISOString());
    },
    async discard(id) {
      const n = toId(id);
      return n !== null && repo.deleteJob(db, n);
    },
  };
}
