import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../context.ts';
import { deleteBlobs, storeBlob } from '../social-media/media-blobs.service.ts';
import { dropStalePlaces, type StoredPlace, storeEmail } from './emails.repository.ts';
import { MailConnectFailure, openImap } from './imap-connect.ts';
import { excludesMessage, exclusionMatcher } from './mail-exclusion-match.ts';
import { exclusionsOf } from './mail-exclusions.repository.ts';
import { announceMailKept } from './mail-notices.ts';
import { customersOfAddresses } from './mail-org-domains.ts';
import { type ParsedEmail, parseEmail } from './mail-parse.ts';
import { mailboxServers } from './mailbox-credentials.ts';
import { markFailing, markSynced } from './mailbox-health.ts';
import { syncMailboxJob } from './mailbox-jobs.ts';
import {
  askAgain,
  claimMailbox,
  type FolderRow,
  findMailbox,
  listFolders,
  type MailboxRow,
  releaseMailbox,
  renewMailboxClaim,
  saveFolder,
  takeAgain,
  updateMailbox,
} from './mailboxes.repository.ts';

/** UIDs per FETCH of envelopes; bodies are fetched only for the kept few. */
export const ENVELOPE_BATCH = 500;
/** A larger message is kept without its body parts being read (its headers still thread it). */
const SOURCE_MAX_BYTES = 25 * 1024 * 1024;

type Role = 'inbox' | 'sent';

/** The folders to sync: INBOX and the one flagged \Sent (RFC 6154), when there is one. */
async function foldersOf(client: ImapFlow): Promise<{ role: Role; path: string }[]> {
  const listed = await client.list();
  const sent = listed.find((f) => f.specialUse === '\\Sent');
  return [{ role: 'inbox', path: 'INBOX' }, ...(sent ? [{ role: 'sent' as const, path: sent.path }] : [])];
}

/**
 * One sync run of one mailbox: for each folder, the messages after the last UID read (the
 * first pass: those of the last `sync_days` days), of which only those with a customer of
 * the company among their participants are fetched in full and kept. The position is saved
 * after each batch, so a restart resumes; a new UIDVALIDITY starts the folder over, and
 * what the server no longer holds under it is dropped.
 */
export async function syncMailbox(
  ctx: AppContext,
  companyId: number,
  mailboxId: number,
  { onlySent }: { onlySent: boolean } = { onlySent: false },
): Promise<void> {
  const hold = holdMs(ctx);
  const claim = () => {
    const now = ctx.clock.now();
    return claimMailbox(
      ctx.db,
      companyId,
      mailboxId,
      new Date(now).toISOString(),
      new Date(now + hold).toISOString(),
    );
  };
  // One run at a time per mailbox: a run asked for while another holds it (a poll during a
  // long first pass, new mail reported by IDLE) leaves a request the holder takes up after
  // its release. Claiming once more after asking closes the gap where the holder released
  // between the first claim and the request.
  if (!(await claim())) {
    // The poll's run of the Sent folder alone leaves no request: the next poll comes anyway,
    // and a request would make the holder read INBOX too, which IDLE watches (decision 079).
    if (onlySent) return;
    await askAgain(ctx.db, companyId, mailboxId);
    if (!(await claim())) return;
  }
  // A run asked for meanwhile may be news of INBOX (IDLE): it reads every folder.
  let roles: readonly Role[] = onlySent ? ['sent'] : ['inbox', 'sent'];
  do {
    await takeAgain(ctx.db, companyId, mailboxId);
    const box = await findMailbox(ctx.db, companyId, mailboxId);
    const stopHolding = keepHolding(ctx, companyId, mailboxId, hold);
    try {
      if (box) await runSync(ctx, box, roles);
    } finally {
      await stopHolding();
      await releaseMailbox(ctx.db, companyId, mailboxId);
    }
    roles = ['inbox', 'sent'];
  } while ((await takeAgain(ctx.db, companyId, mailboxId)) && (await claim()));
}

/**
 * How long a run's hold on its mailbox lasts unrenewed: a third of the jobs' lease. The run
 * renews it while it lives, so the hold of a process that died (kill -9, a restart) has
 * lapsed when its job is taken over — at least a lease after the job's last renewal, which
 * came at most a third (embedded engine) or half (BullMQ) of a lease before the death — and
 * the next attempt goes on from the last batch saved. A hold as long as the job's timeout
 * (30 minutes) left the mailbox unsynced that long after every restart during a sync.
 */
const holdMs = (ctx: AppContext) => ctx.config.jobs.leaseMs / 3;

/**
 * Renews the run's hold every third of it until stopped, but not past the job's timeout: a
 * run stuck beyond it (a server that stopped answering) gives the mailbox back as before.
 * Stopping waits for a renewal under way, so none lands after the release.
 */
function keepHolding(ctx: AppContext, companyId: number, mailboxId: number, hold: number) {
  const deadline = ctx.clock.now() + syncMailboxJob.options.timeoutMs;
  let renewing = Promise.resolve();
  const timer = setInterval(() => {
    const until = ctx.clock.now() + hold;
    if (until > deadline) return;
    renewing = renewing
      .then(() => renewMailboxClaim(ctx.db, companyId, mailboxId, new Date(until).toISOString()))
      // A renewal missed (the database busy a moment) is made good by the next one.
      .catch(() => undefined);
  }, hold / 3);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await renewing;
  };
}

async function runSync(ctx: AppContext, box: MailboxRow, roles: readonly Role[]): Promise<void> {
  const { company_id: companyId, id: mailboxId } = box;
  let client: ImapFlow;
  try {
    client = await openImap(ctx, (await mailboxServers(ctx, box)).imap);
  } catch (err) {
    if (!(err instanceof MailConnectFailure)) throw err;
    await markFailing(ctx, box, err.reason);
    return;
  }
  try {
    if (box.status === 'connecting') {
      await updateMailbox(ctx.db, companyId, mailboxId, {
        status: 'syncing',
        updated_at: ctx.clock.nowIso(),
      });
    }
    const known = await listFolders(ctx.db, companyId, mailboxId);
    // An INBOX never read yet is read whatever was asked: the watch only reports what is new.
    const read = known.some((k) => k.role === 'inbox') ? roles : ['inbox', 'sent'];
    for (const folder of (await foldersOf(client)).filter((f) => read.includes(f.role))) {
      await syncFolder(
        ctx,
        client,
        box,
        folder,
        known.find((k) => k.role === folder.role),
      );
    }
    await markSynced(ctx, box);
  } catch (err) {
    await markFailing(ctx, box, 'unreachable');
    throw err;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function syncFolder(
  ctx: AppContext,
  client: ImapFlow,
  box: MailboxRow,
  folder: { role: Role; path: string },
  known: FolderRow | undefined,
): Promise<void> {
  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  try {
    const opened = client.mailbox;
    if (!opened) return;
    const uidvalidity = String(opened.uidValidity);
    const startOver = known !== undefined && known.uidvalidity !== uidvalidity;
    const lastUid = known && !startOver ? Number(known.last_uid) : 0;
    const since = new Date(ctx.clock.now() - box.sync_days * 86_400_000);
    const found = await client.search({ uid: `${lastUid + 1}:*`, since }, { uid: true });
    const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
    const place = { companyId: box.company_id, mailboxId: box.id, folder: folder.role, uidvalidity };
    const save = (lastRead: number) =>
      saveFolder(ctx.db, {
        company_id: box.company_id,
        mailbox_id: box.id,
        role: folder.role,
        path: folder.path,
        uidvalidity,
        last_uid: lastRead,
      });
    for (let i = 0; i < uids.length; i += ENVELOPE_BATCH) {
      const batch = uids.slice(i, i + ENVELOPE_BATCH);
      await keepCustomerMail(ctx, client, box, place, batch);
      await save(batch[batch.length - 1] ?? lastUid);
    }
    if (uids.length === 0 && (!known || startOver || known.path !== folder.path)) await save(lastUid);
    if (startOver) {
      await deleteBlobs(ctx, await dropStalePlaces(ctx.db, box.company_id, box.id, folder.role, uidvalidity));
    }
  } finally {
    lock.release();
  }
}

/**
 * Reads the envelopes of the batch, then fetches, parses and keeps only the messages with a
 * customer in them and no participant the company's or the owner's exclusions cover.
 */
async function keepCustomerMail(
  ctx: AppContext,
  client: ImapFlow,
  box: MailboxRow,
  place: { companyId: number; mailboxId: number; folder: Role; uidvalidity: string },
  uids: number[],
): Promise<void> {
  const participants = new Map<number, string[]>();
  const sizes = new Map<number, number>();
  // Read for each batch, so an entry added during a long first pass applies from the next batch.
  const excluded = exclusionMatcher(await exclusionsOf(ctx.db, box.company_id, box.user_id));
  const own = box.email.toLowerCase();
  const addresses = (people: { address?: string }[]) =>
    people.map((p) => p.address?.toLowerCase() ?? '').filter((a) => a.includes('@'));
  for await (const msg of client.fetch(uids, { uid: true, envelope: true, size: true }, { uid: true })) {
    const env = msg.envelope;
    const people = [...(env?.from ?? []), ...(env?.sender ?? []), ...(env?.to ?? []), ...(env?.cc ?? [])];
    // Excluded (decision 083): never fetched, whoever else it is with. Reply-To and Bcc count too.
    const everyone = [...people, ...(env?.replyTo ?? []), ...(env?.bcc ?? [])];
    if (excludesMessage(excluded, addresses(everyone), own)) continue;
    participants.set(msg.uid, addresses(people));
    sizes.set(msg.uid, msg.size ?? 0);
  }
  const all = [...new Set([...participants.values()].flat())].filter((a) => a !== own);
  const customers = await customersOfAddresses(ctx.db, box.company_id, all);
  const wanted = new Map<number, number[]>();
  for (const [uid, addresses] of participants) {
    const ids = [...new Set(addresses.flatMap((a) => customers.get(a) ?? []))];
    if (ids.length > 0 && (sizes.get(uid) ?? 0) <= SOURCE_MAX_BYTES) wanted.set(uid, ids);
  }
  if (wanted.size === 0) return;
  const fetched: { uid: number; source: Buffer; internalDate: Date }[] = [];
  for await (const msg of client.fetch(
    [...wanted.keys()],
    { uid: true, source: true, internalDate: true },
    { uid: true },
  )) {
    if (!msg.source) continue;
    const internal = msg.internalDate ? new Date(msg.internalDate) : new Date(ctx.clock.now());
    fetched.push({ uid: msg.uid, source: msg.source, internalDate: internal });
  }
  let kept = 0;
  for (const { uid, source, internalDate } of fetched) {
    const mail = await parseEmail(source, internalDate);
    if (await keepOne(ctx, { ...place, uid }, mail, wanted.get(uid) ?? [])) kept += 1;
  }
  // Once per batch: a first pass of thousands tells the screens a few times, not thousands.
  if (kept > 0) announceMailKept(ctx, box);
}

/**
 * Stores the attachments' bytes first (the media storage is no part of the database's
 * transaction), then the message; when the message was already kept, or storing it fails,
 * the bytes just written go again, so nothing is left twice or unreferenced.
 */
async function keepOne(
  ctx: AppContext,
  place: StoredPlace,
  mail: ParsedEmail,
  customerIds: number[],
): Promise<boolean> {
  const keys: string[] = [];
  let stored = false;
  try {
    for (const a of mail.attachments) {
      keys.push(await storeBlob(ctx, place.companyId, 'mail', a.content, a.contentType));
    }
    stored = await storeEmail(ctx.db, place, mail, customerIds, ctx.clock.nowIso(), keys);
  } finally {
    if (!stored) await deleteBlobs(ctx, keys);
  }
  return stored;
}
