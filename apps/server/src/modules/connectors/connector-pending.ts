import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { customersByIds } from '../customers/customers.service.ts';
import type { PullScope } from './connector-pull.ts';
import { type PushLog, pushCustomers } from './connector-push-records.ts';
import { deleteLinks, linksByRemote, pendingLinks, updateLink } from './connectors.repository.ts';
import { contentHash, syncedFieldsOf } from './content-hash.ts';

/** Pending creates one run looks up; more than a few batches means something else is wrong. */
const PENDING_MAX = 2_000;

/**
 * Settles the creates a stopped run left under way, before anything else
 * (a pull would otherwise import the record we created as a new customer):
 * each one is looked up remotely (same email, else same name) and, when a
 * record not linked to another customer is found, linked to it; when none
 * is found the create did not happen and is made now. Found records whose
 * content differs from the customer's are brought up to date.
 */
export async function resolvePendingCreates(
  ctx: AppContext,
  scope: PullScope,
  counts: ConnectorCounts,
  log: PushLog,
  signal?: AbortSignal,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  const pending = await pendingLinks(ctx.db, companyId, connectorId, PENDING_MAX);
  if (pending.length === 0) return;
  const customers = await customersByIds(
    ctx.db,
    companyId,
    pending.map((l) => l.customer_id),
  );
  const again: number[] = [];
  for (const link of pending) {
    const customer = customers.get(link.customer_id);
    if (!customer) {
      // Deleted here meanwhile: nothing left to create.
      await deleteLinks(ctx.db, companyId, [link.id]);
      continue;
    }
    const fields = syncedFieldsOf(customer);
    const found = await client.find(link.remote_type, fields, signal);
    const taken = new Set(
      (
        await linksByRemote(
          ctx.db,
          companyId,
          connectorId,
          link.remote_type,
          found.map((f) => f.id),
        )
      ).map((l) => l.remote_id),
    );
    const ours = found.find((f) => !taken.has(f.id));
    again.push(customer.id);
    if (!ours) {
      await deleteLinks(ctx.db, companyId, [link.id]);
      continue;
    }
    counts.created++;
    const mapped = client.mappedFields[link.remote_type] ?? [];
    await updateLink(ctx.db, companyId, link.id, {
      remote_id: ours.id,
      pending_since: null,
      remote_updated_at: ours.updatedAt,
      // Unknown content (the lookup did not answer it) matches nothing: the customer is sent as an update.
      content_hash: ours.fields ? contentHash(ours.fields, mapped) : '',
      updated_at: new Date().toISOString(),
    });
    log.note(
      'resolved',
      { remote_type: link.remote_type, remote_id: ours.id },
      customer.id,
      'A create interrupted earlier had happened: linked to the record found remotely.',
    );
  }
  await pushCustomers(ctx, scope, again, counts, log, signal);
}
