import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import type { JobRun } from '../../jobs/jobs.ts';
import { customersByIds, writeCustomers } from '../customers/customers.service.ts';
import { notifyManagers } from '../notifications/notifications.service.ts';
import { assertReachableBaseUrl } from './connector-address.ts';
import { pushExistingCustomers, pushExistingDeals } from './connector-backfill.ts';
import { resolvePendingDeals } from './connector-deal-pending.ts';
import { pullDeals } from './connector-deal-pull.ts';
import { ConnectorAuthError, ConnectorPausedError, errorText } from './connector-errors.ts';
import { connectorFor } from './connector-factory.ts';
import { withFieldMapping } from './connector-field-sync.ts';
import { connectorActor } from './connector-local.ts';
import { pushMappedValues } from './connector-mapped-push.ts';
import { resolvePendingCreates } from './connector-pending.ts';
import { applyRemotePage, type PullScope } from './connector-pull.ts';
import { pushLocalChanges } from './connector-push.ts';
import { pushLog } from './connector-push-records.ts';
import {
  type ConnectorRow,
  claimConnector,
  deleteLinks,
  findConnector,
  insertLog,
  type NewLogEntry,
  unseenLinks,
  updateConnector,
} from './connectors.repository.ts';
import { EMPTY_COUNTS } from './connectors.service.ts';

/** A run holds its connection this long past its last saved page; a crashed run lets go after it. */
const LEASE_MS = 2 * 60_000;
/** Incremental pulls reach back this far before the previous run began (clock skew between us and the provider). */
const SKEW_MS = 60_000;

/** Where a full pass stands: the object type being listed and the cursor of its next page. */
interface Checkpoint {
  pass: number;
  typeIndex: number;
  cursor: string | null;
  startedAt: string;
}

/** Tests: a hook after each saved page of a full pass (a crash mid-import is a throw here). */
export const syncTestHooks: { afterPage?: (pagesSaved: number) => void } = {};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One run of a connection (job `connectors.sync`). See connector-job.ts.
 * Another run holding the connection makes this one a no-op.
 */
export async function runSync(
  ctx: AppContext,
  payload: {
    company_id: number;
    connector_id: number;
    mode: 'auto' | 'full';
    push_fields?: number[] | undefined;
  },
  job: Pick<JobRun, 'id' | 'signal' | 'progress'>,
): Promise<void> {
  const { company_id: companyId, connector_id: id } = payload;
  const started = Date.now();
  const before = await findConnector(ctx.db, companyId, id);
  if (!before) return; // disconnected meanwhile
  // The provider's budget is used up: no call before it resets (the schedule comes back then).
  if (before.state === 'paused' && before.paused_until && Date.parse(before.paused_until) > started) return;
  if (!(await claimConnector(ctx.db, companyId, id, job.id, iso(started), iso(started + LEASE_MS)))) {
    if (!(await findConnector(ctx.db, companyId, id))) return; // disconnected meanwhile
    // Another run holds it and does what an ordinary run would; the nightly pass must still happen.
    if (payload.mode === 'full')
      throw new Error('Another run holds the connection; the full pass is tried again later.');
    return;
  }
  let row = (await findConnector(ctx.db, companyId, id)) as ConnectorRow;
  const resuming = row.checkpoint !== null;
  const counts: ConnectorCounts = resuming
    ? { ...EMPTY_COUNTS, ...(JSON.parse(row.counts) as Partial<ConnectorCounts>) }
    : { ...EMPTY_COUNTS };
  const client = connectorFor(ctx, row);
  const actor = connectorActor(companyId, row.provider, id);
  const logEntry = (kind: string, message: string): NewLogEntry => ({
    company_id: companyId,
    connector_id: id,
    at: new Date().toISOString(),
    kind,
    direction: null,
    remote_type: null,
    remote_id: null,
    customer_id: null,
    message,
  });
  if (!resuming) {
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, [
        logEntry('run_started', payload.mode === 'full' ? 'Nightly full pass started.' : 'Sync started.'),
      ]);
      await updateConnector(trx, companyId, id, { counts: JSON.stringify(counts), last_error: null });
    });
  }
  const lease = () => ({
    lease_until: iso(Date.now() + LEASE_MS),
    counts: JSON.stringify(counts),
    updated_at: iso(Date.now()),
  });
  try {
    // The address is checked again at every run: DNS may have moved since the connection was made.
    await assertReachableBaseUrl(ctx, row.base_url);
    let checkpoint: Checkpoint | null = row.checkpoint ? (JSON.parse(row.checkpoint) as Checkpoint) : null;
    if (!checkpoint && (payload.mode === 'full' || !row.import_done)) {
      checkpoint = { pass: row.full_pass + 1, typeIndex: 0, cursor: null, startedAt: iso(started) };
      await updateConnector(ctx.db, companyId, id, {
        checkpoint: JSON.stringify(checkpoint),
        full_pass: checkpoint.pass,
      });
    }
    const scope: PullScope = {
      actor,
      connectorId: id,
      // The company's own fields mapped to remote properties travel with the records (connector-field-sync.ts).
      client: await withFieldMapping(ctx, row, client, job.signal),
      pass: checkpoint?.pass ?? row.full_pass,
    };
    // Creates a stopped run left under way are settled first: a pull would import them as new customers.
    const settled = pushLog(companyId, id);
    await resolvePendingCreates(ctx, scope, counts, settled, job.signal);
    // After the customers: a deal created again names the remote records of its organisation and people.
    await resolvePendingDeals(ctx, scope, counts, settled.entries, job.signal);
    await insertLog(ctx.db, settled.entries);
    if (checkpoint) {
      await fullPass(ctx, scope, checkpoint, counts, lease, job);
      row = (await findConnector(ctx.db, companyId, id)) as ConnectorRow;
    } else {
      await incrementalPull(ctx, scope, row, counts, lease, job);
    }
    // After the customers, whose links give a new deal its organisation and people.
    await pullDeals(
      ctx,
      scope,
      checkpoint ? null : (row.pull_since ?? row.created_at),
      counts,
      lease,
      job.signal,
    );
    const step = async () => {
      await updateConnector(ctx.db, companyId, id, lease());
    };
    if (row.import_done && row.backfill_after !== null) {
      await pushExistingCustomers(ctx, scope, Number(row.backfill_after), counts, step, job.signal);
    }
    if (row.import_done && row.deal_backfill_after !== null) {
      await pushExistingDeals(ctx, scope, Number(row.deal_backfill_after), counts, step, job.signal);
    }
    if (payload.push_fields?.length)
      await pushMappedValues(ctx, scope, payload.push_fields, counts, step, job.signal);
    await pushLocalChanges(ctx, scope, Number(row.push_after), counts, step, job.signal);
    const done = Date.now();
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, [
        logEntry(
          'run_finished',
          `Fetched ${counts.fetched}, created ${counts.created}, updated ${counts.updated}, failed ${counts.failed}.`,
        ),
      ]);
      await updateConnector(trx, companyId, id, {
        state: 'idle',
        paused_until: null,
        lease_job: null,
        lease_until: null,
        counts: JSON.stringify(counts),
        last_sync_at: iso(done),
        next_sync_at: iso(done + ctx.config.connectors.syncMinutes * 60_000),
        ...(checkpoint ? {} : { pull_since: iso(started - SKEW_MS) }),
        updated_at: iso(done),
      });
    });
  } catch (err) {
    if (err instanceof ConnectorPausedError) {
      // Not a failure: the work so far is saved (checkpoints, links), the rest waits for the budget.
      const until = iso(err.until);
      await ctx.db.transaction().execute(async (trx) => {
        await insertLog(trx, [logEntry('run_paused', errorText(err))]);
        await updateConnector(trx, companyId, id, {
          state: 'paused',
          paused_until: until,
          last_error: null,
          lease_job: null,
          lease_until: null,
          counts: JSON.stringify(counts),
          next_sync_at: until,
          updated_at: iso(Date.now()),
        });
      });
      return;
    }
    const message = errorText(err);
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, [logEntry('run_failed', message)]);
      await updateConnector(trx, companyId, id, {
        state: 'failed',
        last_error: message,
        lease_job: null,
        lease_until: null,
        counts: JSON.stringify(counts),
        next_sync_at: iso(Date.now() + ctx.config.connectors.syncMinutes * 60_000),
        updated_at: iso(Date.now()),
      });
      // Its owners and admins hear of it when it starts failing, not at every failed run after.
      if (before.state !== 'failed') {
        await notifyManagers(ctx, trx, {
          companyId,
          kind: 'connector_failed',
          recordId: id,
          route: '/company/crm-integration',
          data: { title: before.provider === 'hubspot' ? 'HubSpot' : 'Pipedrive' },
        });
      }
    });
    // A refused token will not be accepted on a retry; anything else is tried again by the job.
    if (!(err instanceof ConnectorAuthError)) throw err;
  }
}

type Lease = () => { lease_until: string; counts: string; updated_at: string };

/**
 * Lists every remote record from the checkpoint on; each page is applied and
 * the checkpoint moved in one transaction, so a crash resumes at the page
 * after the last saved one and nothing is created twice. When the pass
 * completes, links it did not see are records deleted remotely: only then
 * are their customers deleted here.
 */
async function fullPass(
  ctx: AppContext,
  scope: PullScope,
  checkpoint: Checkpoint,
  counts: ConnectorCounts,
  lease: Lease,
  job: Pick<JobRun, 'signal' | 'progress'>,
): Promise<void> {
  const { actor, connectorId: id, client } = scope;
  const companyId = actor.companyId;
  let saved = 0;
  const cp = { ...checkpoint };
  while (cp.typeIndex < client.objectTypes.length) {
    const type = client.objectTypes[cp.typeIndex] as string;
    const page = await client.listPage(type, cp.cursor, job.signal);
    if (page.next) cp.cursor = page.next;
    else {
      cp.typeIndex++;
      cp.cursor = null;
    }
    const log: NewLogEntry[] = [];
    // The write session evicts the customer list after each page: the list shows the import growing.
    await writeCustomers(ctx, actor, async (writes, trx) => {
      await applyRemotePage(writes, scope, page.records, counts, log);
      await insertLog(trx, log);
      await updateConnector(trx, companyId, id, { checkpoint: JSON.stringify(cp), ...lease() });
    });
    saved++;
    await job.progress(
      Math.min(99, Math.round((cp.typeIndex / client.objectTypes.length) * 100)),
      `${counts.fetched} fetched`,
    );
    syncTestHooks.afterPage?.(saved);
  }
  // Completed: what the pass did not see is gone remotely.
  for (;;) {
    const gone = await unseenLinks(ctx.db, companyId, id, client.objectTypes, cp.pass, 500);
    if (gone.length === 0) break;
    await writeCustomers(ctx, actor, async (writes, trx) => {
      const customers = await customersByIds(
        trx,
        companyId,
        gone.map((l) => l.customer_id),
      );
      await writes.delete([...customers.values()]);
      await deleteLinks(
        trx,
        companyId,
        gone.map((l) => l.id),
      );
      await insertLog(
        trx,
        gone.map((l) => ({
          company_id: companyId,
          connector_id: id,
          at: iso(Date.now()),
          kind: 'deleted',
          direction: 'pull' as const,
          remote_type: l.remote_type,
          remote_id: l.remote_id,
          customer_id: l.customer_id,
          message: 'Gone from the provider (not seen by a completed full pass); deleted in Kontora.',
        })),
      );
    });
  }
  const done = Date.now();
  await updateConnector(ctx.db, companyId, id, {
    checkpoint: null,
    import_done: true,
    last_full_pass_at: iso(done),
    pull_since: iso(Date.parse(cp.startedAt) - SKEW_MS),
    ...lease(),
  });
}

/** Records changed remotely since the last run, type by type, a page per transaction. */
async function incrementalPull(
  ctx: AppContext,
  scope: PullScope,
  row: ConnectorRow,
  counts: ConnectorCounts,
  lease: Lease,
  job: Pick<JobRun, 'signal'>,
): Promise<void> {
  const since = row.pull_since ?? row.created_at;
  for (const type of scope.client.objectTypes) {
    let cursor: string | null = null;
    do {
      const page = await scope.client.changedPage(type, since, cursor, job.signal);
      cursor = page.next;
      const log: NewLogEntry[] = [];
      await writeCustomers(ctx, scope.actor, async (writes, trx) => {
        await applyRemotePage(writes, scope, page.records, counts, log);
        await insertLog(trx, log);
        await updateConnector(trx, scope.actor.companyId, scope.connectorId, lease());
      });
    } while (cursor);
  }
}
