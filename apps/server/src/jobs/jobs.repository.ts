import { CompiledQuery, type Selectable, sql } from 'kysely';
import { afterCommitStatement, runAfterCommit } from '../db/after-commit.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';
import type { JobCounts, JobState, JobSummary } from './jobs.ts';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  queue: string;
  name: string;
  payload: string;
  max_attempts: number;
  run_at: string;
  idempotency_key: string | null;
  company_id: number | null;
}

/** Inserts a job; with a key already taken it inserts nothing and answers the existing job's id. */
export async function insertJob(db: Database, job: NewJob, now: string): Promise<number> {
  const inserted = await db
    .insertInto('jobs')
    .values({ ...job, state: 'waiting', created_at: now })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('idempotency_key', '=', job.idempotency_key)
    .executeTakeFirstOrThrow();
  return existing.id;
}

export interface ClaimRequest {
  names: string[];
  owner: string;
  now: string;
  leaseUntil: string;
  /** Free slots in all. */
  limit: number;
  /** Of those, how many may go to company jobs (the rest is kept for the deployment's own). */
  companyLimit: number;
  /** Kinds limited per company: name → most running at once for one company (define-job.ts). */
  perCompany: ReadonlyMap<string, number>;
}

/**
 * Atomically takes due jobs for `owner`: first jobs without a company (mail to
 * a person, maintenance), then company jobs up to `companyLimit`, never more
 * running for one company of a kind than its per-company limit
 * (docs/decisions/047-fair-background-work.md).
 */
export async function claimDueJobs(db: Database, dialect: Dialect, opts: ClaimRequest): Promise<JobRow[]> {
  if (opts.names.length === 0 || opts.limit <= 0) return [];
  const own = await claimDeploymentJobs(db, dialect, opts);
  const room = Math.min(opts.limit - own.length, opts.companyLimit);
  if (room <= 0) return own;
  const limited = opts.names.filter((n) => opts.perCompany.has(n));
  const forCompanies =
    limited.length === 0
      ? await claimUnlimitedCompanyJobs(db, dialect, opts, room)
      : await claimLimitedCompanyJobs(db, dialect, opts, room);
  return [...own, ...forCompanies];
}

const claimSet = (opts: ClaimRequest) => sql`state = 'active', attempts = attempts + 1,
  locked_by = ${opts.owner}, locked_until = ${opts.leaseUntil}, started_at = ${opts.now}`;
const namesIn = (names: string[]) => sql.join(names.map((n) => sql`${n}`));

/**
 * On PostgreSQL the candidates are locked with SKIP LOCKED, so processes claiming
 * at the same moment get disjoint sets instead of waiting on each other; SQLite
 * has one writer at a time, so a single UPDATE … RETURNING is already atomic.
 */
async function claimPlain(
  db: Database,
  dialect: Dialect,
  opts: ClaimRequest,
  companies: 'none' | 'any',
  limit: number,
): Promise<JobRow[]> {
  const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const whose = companies === 'none' ? sql`company_id IS NULL` : sql`company_id IS NOT NULL`;
  const { rows } = await sql<JobRow>`
    UPDATE jobs SET ${claimSet(opts)}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE state IN ('waiting', 'failed') AND run_at <= ${opts.now} AND name IN (${namesIn(opts.names)})
        AND ${whose}
      ORDER BY run_at, id LIMIT ${limit} ${lock}
    ) AND state IN ('waiting', 'failed')
    RETURNING *`.execute(db);
  return rows;
}

const claimDeploymentJobs = (db: Database, dialect: Dialect, opts: ClaimRequest) =>
  claimPlain(db, dialect, opts, 'none', opts.limit);
const claimUnlimitedCompanyJobs = (db: Database, dialect: Dialect, opts: ClaimRequest, limit: number) =>
  claimPlain(db, dialect, opts, 'any', limit);

/** Any fixed key: the claims of limited kinds, in every process on the database, take turns on it. */
const LIMITED_CLAIM_LOCK = 470_047;
const UNLIMITED = 2_147_483_647;

/**
 * Company jobs where some kinds are limited per company: each due job is
 * ranked within its (kind, company) by due time, and taken only while its rank
 * plus the jobs of that kind and company already running stays within the
 * limit. A window function cannot be combined with FOR UPDATE, and two
 * processes counting the same running jobs at once would both take the last
 * slot, so on PostgreSQL these claims take turns on an advisory lock held to
 * their commit (a claim is one short statement); SQLite has one writer anyway.
 */
async function claimLimitedCompanyJobs(
  db: Database,
  dialect: Dialect,
  opts: ClaimRequest,
  limit: number,
): Promise<JobRow[]> {
  const caps = [...opts.perCompany].filter(([name]) => opts.names.includes(name));
  const cap = sql`CASE c.name ${sql.join(
    caps.map(([name, most]) => sql`WHEN ${name} THEN ${sql.lit(Math.trunc(most))}`),
    sql` `,
  )} ELSE ${sql.lit(UNLIMITED)} END`;
  const claim = (trx: Database) =>
    sql<JobRow>`
    UPDATE jobs SET ${claimSet(opts)}
    WHERE id IN (
      SELECT id FROM (
        SELECT c.id, c.run_at, ${cap} AS cap, COALESCE(r.n, 0) AS running,
          ROW_NUMBER() OVER (PARTITION BY c.name, c.company_id ORDER BY c.run_at, c.id) AS place
        FROM jobs c
        LEFT JOIN (
          SELECT name, company_id, COUNT(*) AS n FROM jobs
          WHERE state = 'active' AND company_id IS NOT NULL GROUP BY name, company_id
        ) r ON r.name = c.name AND r.company_id = c.company_id
        WHERE c.state IN ('waiting', 'failed') AND c.run_at <= ${opts.now}
          AND c.name IN (${namesIn(opts.names)}) AND c.company_id IS NOT NULL
      ) ranked
      WHERE place + running <= cap
      ORDER BY run_at, id LIMIT ${limit}
    ) AND state IN ('waiting', 'failed')
    RETURNING *`.execute(trx);
  if (dialect === 'sqlite') return (await claim(db)).rows;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(LIMITED_CLAIM_LOCK)})`.execute(trx);
    return (await claim(trx)).rows;
  });
}

/** Active jobs whose lease ran out (their process died or hung) go back to waiting, or die when out of attempts. */
export async function releaseExpiredLeases(db: Database, now: string): Promise<number> {
  const expired = () =>
    db.updateTable('jobs').where('state', '=', 'active').where('locked_until', '<', now).set({
      last_error: 'The process running this job stopped (lease expired).',
      locked_by: null,
      locked_until: null,
    });
  const dead = await expired()
    .set({ state: 'dead', finished_at: now })
    .whereRef('attempts', '>=', 'max_attempts')
    .executeTakeFirst();
  const back = await expired().set({ state: 'waiting', run_at: now }).executeTakeFirst();
  return Number(dead.numUpdatedRows) + Number(back.numUpdatedRows);
}

export async function extendLeases(db: Database, owner: string, ids: number[], until: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ locked_until: until })
    .where('locked_by', '=', owner)
    .where('state', '=', 'active')
    .where('id', 'in', ids)
    .execute();
}

/** Ends an attempt; only the lease holder may (a job whose lease was taken over belongs to its new holder). */
export async function finishAttempt(
  db: Database,
  id: number,
  owner: string,
  values: { state: JobState; run_at?: string; last_error?: string | null; finished_at?: string | null },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      ...values,
      ...(values.state === 'completed' ? { progress: 100 } : {}),
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', owner)
    .execute();
}

/** Marks a batch of this process's jobs completed in one statement (one commit for many jobs). */
export async function completeJobs(db: Database, ids: number[], owner: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'completed', finished_at: now, progress: 100, locked_by: null, locked_until: null })
    .where('id', 'in', ids)
    .where('locked_by', '=', owner)
    .execute();
}

/** Unfinished jobs of a stopping process go back to waiting; the interrupted try does not count. */
export async function handBackJobs(db: Database, owner: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: 'waiting',
      attempts: sql`attempts - 1`,
      locked_by: null,
      locked_until: null,
      run_at: now,
    })
    .where('locked_by', '=', owner)
    .where('state', '=', 'active')
    .execute();
}

export async function setJobProgress(
  db: Database,
  id: number,
  owner: string,
  percent: number,
  message: string | null,
) {
  await db
    .updateTable('jobs')
    .set({ progress: percent, progress_message: message })
    .where('id', '=', id)
    .where('locked_by', '=', owner)
    .execute();
}

/** True while any job is running or due now (tests wait for this to turn false). */
export async function hasDueOrActiveJobs(db: Database, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('state', '=', 'active'),
        eb.and([eb('state', 'in', ['waiting', 'failed']), eb('run_at', '<=', now)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function countJobs(db: Database): Promise<JobCounts[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['queue', 'name', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['queue', 'name', 'state'])
    .orderBy('queue')
    .orderBy('name')
    .execute();
  const byName = new Map<string, JobCounts>();
  for (const r of rows) {
    const key = `${r.queue}\u0000${r.name}`;
    const entry = byName.get(key) ?? {
      queue: r.queue,
      name: r.name,
      counts: { waiting: 0, active: 0, completed: 0, failed: 0, dead: 0 },
    };
    entry.counts[r.state] = Number(r.n);
    byName.set(key, entry);
  }
  return [...byName.values()];
}

export const toSummary = (r: JobRow): JobSummary => ({
  id: String(r.id),
  queue: r.queue,
  name: r.name,
  state: r.state,
  attempts: r.attempts,
  max_attempts: r.max_attempts,
  run_at: r.state === 'waiting' || r.state === 'failed' ? r.run_at : null,
  last_error: r.last_error,
  progress: r.progress,
  progress_message: r.progress_message,
  created_at: r.created_at,
  started_at: r.started_at,
  finished_at: r.finished_at,
});

/** Newest first, keyset-paged by id. */
export async function listJobs(db: Database, opts: { state?: JobState; beforeId?: number; limit: number }) {
  let q = db.selectFrom('jobs').selectAll().orderBy('id', 'desc').limit(opts.limit);
  if (opts.state) q = q.where('state', '=', opts.state);
  if (opts.beforeId !== undefined) q = q.where('id', '<', opts.beforeId);
  return q.execute();
}

/** The company a job row works for (null: the deployment's own job, or no such row). */
export async function companyOfJob(db: Database, id: number): Promise<number | null> {
  const row = await db.selectFrom('jobs').select('company_id').where('id', '=', id).executeTakeFirst();
  return row?.company_id ?? null;
}

export const findJob = (db: Database, id: number) =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

export async function retryJob(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'waiting',
      attempts: 0,
      run_at: now,
      finished_at: null,
      progress: 0,
      progress_message: null,
    })
    .where('id', '=', id)
    .where('state', 'in', ['failed', 'dead'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the not yet started jobs of one kind with exactly this payload (see `Jobs.cancelWaiting`). */
export async function deleteWaitingJobs(db: Database, name: string, payload: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('name', '=', name)
    .where('payload', '=', payload)
    .where('state', 'in', ['waiting', 'failed'])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteJob(db: Database, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('jobs')
    .where('id', '=', id)
    .where('state', '!=', 'active')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Finished jobs are kept for the admin screen a while, then removed. */
export async function pruneFinishedJobs(
  db: Database,
  opts: { completedBefore: string; deadBefore: string },
): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'completed'), eb('finished_at', '<', opts.completedBefore)]),
        eb.and([eb('state', '=', 'dead'), eb('finished_at', '<', opts.deadBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const notifyStatements = new Map<string, CompiledQuery>();

/**
 * Wakes every listening worker once the surrounding transaction has committed:
 * the NOTIFY is sent after the commit, not inside it (db/after-commit.ts says why).
 */
export async function notifyJobs(db: Database, channel: string): Promise<void> {
  let statement = notifyStatements.get(channel);
  if (!statement) {
    statement = afterCommitStatement(CompiledQuery.raw(`SELECT pg_notify($1, '')`, [channel]));
    notifyStatements.set(channel, statement);
  }
  await runAfterCommit(db, statement);
}
