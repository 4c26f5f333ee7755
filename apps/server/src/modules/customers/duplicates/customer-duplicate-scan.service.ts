import {
  DUPLICATE_LIMITS,
  DUPLICATE_RULES,
  type DuplicateGroup,
  type DuplicateGroupsPage,
  type DuplicateGroupsQuery,
  type DuplicateRule,
  type DuplicateScan,
} from '@kontora/contract/customer-duplicates';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { defineJob } from '../../../jobs/define-job.ts';
import type { JobRun } from '../../../jobs/jobs.ts';
import { type Actor, authorIdOf } from '../../../lib/actor.ts';
import {
  deleteGroupsOf,
  deleteScansBefore,
  distinctGroupCount,
  groupsPage,
  groupsWithMembers,
  idsWithKey,
  insertGroups,
  insertScan,
  latestScan,
  sharedKeys,
  updateScan,
} from './customer-duplicate-scan.repository.ts';
import { findListed } from './customer-duplicates.repository.ts';
import { toDuplicateCustomer } from './customer-duplicates.service.ts';

/** The company-wide duplicate scan: a job that stores the groups the "Possible duplicates" view reads. */
export const duplicateScanJob = defineJob(
  'customers.duplicate_scan',
  z.object({ company_id: z.number().int(), scan_id: z.number().int() }),
  { maxAttempts: 2, timeoutMs: 15 * 60_000 },
);

/** A scan still running after this long is taken as lost (its process died) and a new one may start. */
const RUNNING_FOR_MS = 30 * 60_000;

type ScanRow = NonNullable<Awaited<ReturnType<typeof latestScan>>>;
const toScan = (row: ScanRow): DuplicateScan => ({
  ...row,
  started_at: String(row.started_at),
  finished_at: row.finished_at === null ? null : String(row.finished_at),
});

/** Starts a scan, or answers the one still running. */
export async function startDuplicateScan(ctx: AppContext, actor: Actor): Promise<DuplicateScan> {
  const companyId = actor.companyId;
  const running = await latestScan(ctx.db, companyId);
  if (running?.state === 'running' && Date.now() - Date.parse(String(running.started_at)) < RUNNING_FOR_MS) {
    return toScan(running);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const scanId = await insertScan(trx, companyId, authorIdOf(actor), new Date().toISOString());
    const jobId = await ctx.jobs.enqueue(
      trx,
      duplicateScanJob,
      { company_id: companyId, scan_id: scanId },
      { companyId },
    );
    await updateScan(trx, companyId, scanId, { job_id: jobId });
  });
  return toScan((await latestScan(ctx.db, companyId)) as ScanRow);
}

/** Groups by each rule's key, largest first; progress after each rule. Idempotent: a retry starts over. */
export async function runDuplicateScan(
  ctx: AppContext,
  payload: { company_id: number; scan_id: number },
  job: JobRun,
): Promise<void> {
  const { company_id: companyId, scan_id: scanId } = payload;
  try {
    await deleteGroupsOf(ctx.db, companyId, scanId);
    let count = 0;
    for (const [i, rule] of DUPLICATE_RULES.entries()) {
      const keys = await sharedKeys(ctx.db, companyId, rule, DUPLICATE_LIMITS.groupsPerRule);
      const rows = [];
      for (const { key, town, n } of keys) {
        if (job.signal.aborted) throw new Error('stopped');
        const ids = await idsWithKey(ctx.db, companyId, rule, key, town, DUPLICATE_LIMITS.groupMembersMax);
        rows.push({
          company_id: companyId,
          scan_id: scanId,
          rule,
          size: n,
          customer_ids: JSON.stringify(ids),
        });
      }
      await insertGroups(ctx.db, rows);
      count += rows.length;
      const percent = Math.round(((i + 1) / DUPLICATE_RULES.length) * 100);
      await updateScan(ctx.db, companyId, scanId, { progress: percent, group_count: count });
      await job.progress(percent, `${rule}: ${rows.length} groups`);
    }
    // Customers matched by several rules (same email, same phone…) are one group, with every reason.
    const distinct = await distinctGroupCount(ctx.db, companyId, scanId);
    await ctx.db.transaction().execute(async (trx) => {
      await updateScan(trx, companyId, scanId, {
        state: 'completed',
        finished_at: new Date().toISOString(),
        group_count: distinct,
      });
      await deleteScansBefore(trx, companyId, scanId);
    });
  } catch (error) {
    if (job.attempt >= job.maxAttempts) {
      await updateScan(ctx.db, companyId, scanId, { state: 'failed', finished_at: new Date().toISOString() });
    }
    throw error;
  }
}

export function registerDuplicateScanJobs(ctx: AppContext): void {
  ctx.jobs.handle(duplicateScanJob, (payload, job) => runDuplicateScan(ctx, payload, job));
}

/**
 * The latest scan and a page of its groups. Customers merged or deleted since the scan are
 * left out, and a group with fewer than two left is not answered.
 */
export async function duplicateGroups(
  ctx: AppContext,
  companyId: number,
  query: DuplicateGroupsQuery,
): Promise<DuplicateGroupsPage> {
  const scan = await latestScan(ctx.db, companyId);
  if (!scan) return { scan: null, groups: [], next_offset: null };
  const rows = await groupsPage(ctx.db, companyId, scan.id, query.rule, query.offset, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const idsOf = (json: string) => JSON.parse(json) as number[];
  const listed = await findListed(ctx.db, companyId, [
    ...new Set(page.flatMap((g) => idsOf(g.customer_ids))),
  ]);
  const byId = new Map(listed.map((c) => [c.id, c]));
  // The same customers found by several rules: listed once (where first stored), with every rule.
  const same = await groupsWithMembers(ctx.db, companyId, scan.id, [
    ...new Set(page.map((g) => g.customer_ids)),
  ]);
  const rulesOf = new Map<string, { first: number; rules: DuplicateRule[] }>();
  for (const g of same) {
    const entry = rulesOf.get(g.customer_ids) ?? { first: g.id, rules: [] };
    entry.rules.push(g.rule);
    rulesOf.set(g.customer_ids, entry);
  }
  const groups: DuplicateGroup[] = [];
  for (const g of page) {
    const found = rulesOf.get(g.customer_ids);
    // Filtered by a rule, every group of it is listed; else a repeat of an earlier group is left out.
    if (!query.rule && found && found.first !== g.id) continue;
    const customers = idsOf(g.customer_ids).flatMap((id) => {
      const c = byId.get(id);
      return c ? [toDuplicateCustomer(c)] : [];
    });
    if (customers.length > 1)
      groups.push({ rule: g.rule, rules: found?.rules ?? [g.rule], size: g.size, customers });
  }
  return {
    scan: toScan(scan),
    groups,
    next_offset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}
