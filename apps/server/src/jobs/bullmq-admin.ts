import type { Job, JobType, Queue } from 'bullmq';
import { invalidField } from '../lib/errors.ts';
import type { JobCounts, JobState, JobSummary, Jobs } from './jobs.ts';

/** Our states in BullMQ's terms; "failed" (will retry) is a delayed job that has been tried. */
const TYPES: Record<JobState, JobType[]> = {
  waiting: ['waiting', 'delayed', 'prioritized'],
  active: ['active'],
  completed: ['completed'],
  failed: ['delayed'],
  dead: ['failed'],
};
const ALL_TYPES: JobType[] = ['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed'];

function progressOf(job: Job): { progress: number; progress_message: string | null } {
  const p = job.progress as unknown;
  if (typeof p === 'number') return { progress: p, progress_message: null };
  if (p && typeof p === 'object' && 'percent' in p) {
    const { percent, message } = p as { percent: number; message?: string | null };
    return { progress: percent, progress_message: message ?? null };
  }
  return { progress: 0, progress_message: null };
}

async function summary(job: Job, queue: string): Promise<JobSummary> {
  const raw = await job.getState();
  const tried = job.attemptsMade > 0;
  const state: JobState =
    raw === 'active'
      ? 'active'
      : raw === 'completed'
        ? 'completed'
        : raw === 'failed'
          ? 'dead'
          : raw === 'delayed' && tried
            ? 'failed'
            : 'waiting';
  const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);
  return {
    id: String(job.id),
    queue,
    name: job.name,
    state,
    attempts: job.attemptsMade,
    max_attempts: job.opts.attempts ?? 1,
    run_at: state === 'waiting' || state === 'failed' ? iso(job.timestamp + (job.delay ?? 0)) : null,
    last_error: job.failedReason || null,
    ...progressOf(job),
    created_at: new Date(job.timestamp).toISOString(),
    started_at: iso(job.processedOn),
    finished_at: iso(job.finishedOn),
  };
}

/** The admin face over BullMQ's own records (one BullMQ queue per job name). */
export function createBullmqAdmin(
  queues: () => { queue: Queue; group: string }[],
): Pick<Jobs, 'stats' | 'list' | 'get' | 'retry' | 'discard'> {
  async function find(id: string): Promise<{ job: Job; group: string } | null> {
    for (const { queue, group } of queues()) {
      const job = await queue.getJob(id);
      if (job) return { job, group };
    }
    return null;
  }
  return {
    async stats() {
      const out: JobCounts[] = [];
      for (const { queue, group } of queues()) {
        const c = await queue.getJobCounts(...ALL_TYPES);
        const waiting = (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0);
        const counts = {
          waiting,
          active: c.active ?? 0,
          completed: c.completed ?? 0,
          failed: 0,
          dead: c.failed ?? 0,
        };
        if (Object.values(counts).some((n) => n > 0)) out.push({ queue: group, name: queue.name, counts });
      }
      return out;
    },
    // Offset paging across queues, newest first: fine for an admin screen's few pages.
    async list(query) {
      const offset = query.cursor === undefined ? 0 : Number(query.cursor);
      if (!Number.isSafeInteger(offset) || offset < 0) throw invalidField('cursor', 'invalid_cursor');
      const types = query.state ? TYPES[query.state] : ALL_TYPES;
      const found: JobSummary[] = [];
      for (const { queue, group } of queues()) {
        for (const job of await queue.getJobs(types, 0, offset + query.limit * 4)) {
          if (job) found.push(await summary(job, group));
        }
      }
      const matching = found
        .filter((j) => !query.state || j.state === query.state)
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || Number(b.id) - Number(a.id));
      const items = matching.slice(offset, offset + query.limit);
      return {
        items,
        next_cursor: matching.length > offset + query.limit ? String(offset + query.limit) : null,
      };
    },
    async get(id) {
      const found = await find(id);
      return found ? summary(found.job, found.group) : null;
    },
    async retry(id) {
      const found = await find(id);
      if (!found) return false;
      const state = (await summary(found.job, found.group)).state;
      if (state === 'dead') await found.job.retry('failed', { resetAttemptsMade: true });
      else if (state === 'failed') await found.job.promote();
      else return false;
      return true;
    },
    async discard(id) {
      const found = await find(id);
      if (!found || (await found.job.isActive())) return false;
      await found.job.remove();
      return true;
    },
  };
}
