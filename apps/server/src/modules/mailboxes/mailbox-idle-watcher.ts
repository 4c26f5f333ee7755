import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import {
  claimIdle,
  releaseIdle,
  renewIdleClaims,
  type WatchableMailbox,
  watchableMailboxes,
} from './mailbox-idle.repository.ts';
import { type MailboxWatch, watchMailbox } from './mailbox-idle.ts';
import { syncMailboxJob } from './mailbox-jobs.ts';

/** A server without IDLE is asked again this much later (it may have been upgraded). */
const NO_IDLE_RECHECK_MS = 60 * 60_000;
/** A burst of new messages (a client moving many in) queues one run. */
const GATHER_MS = 250;

/**
 * The IDLE watch of this instance (docs/decisions/072-mailbox-idle-watch.md): every scan it
 * renews its claims, stops watching what went, was disconnected, started failing or was
 * taken by another instance after a lapsed claim, and claims more mailboxes up to
 * MAIL_IDLE_MAX. New mail queues the usual sync run; the rest comes with the minute poll.
 */
export function registerMailboxIdleWatch(app: FastifyInstance, ctx: AppContext): void {
  const { idleMax, idleScanMs, idleLeaseMs } = ctx.config.mailboxes;
  if (!ctx.config.jobs.worker || idleMax === 0) return;
  const owner = randomUUID();
  const watches = new Map<number, { box: WatchableMailbox; watch: MailboxWatch }>();
  const noIdle = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let scanning: Promise<void> = Promise.resolve();
  let closing = false;

  const gathering = new Map<number, NodeJS.Timeout>();

  /**
   * Notices within GATHER_MS queue one run, without an idempotency key: a key shared with a
   * run that has already started would drop the news. Runs of one mailbox still go one at
   * a time, and one asked for during another runs after it (mail-sync.ts).
   */
  const queueSync = (box: WatchableMailbox) => {
    if (gathering.has(box.id)) return;
    const enqueue = () => {
      gathering.delete(box.id);
      const payload = { company_id: box.company_id, mailbox_id: box.id };
      ctx.jobs
        .enqueue(ctx.db, syncMailboxJob, payload)
        .catch((err: unknown) => app.log.warn({ err, mailboxId: box.id }, 'queueing a mailbox sync failed'));
    };
    gathering.set(box.id, setTimeout(enqueue, GATHER_MS));
  };

  async function unwatch(id: number): Promise<void> {
    const watched = watches.get(id);
    if (!watched) return;
    watches.delete(id);
    clearTimeout(gathering.get(id));
    gathering.delete(id);
    await watched.watch.stop();
    await releaseIdle(ctx.db, watched.box, owner);
  }

  function watch(box: WatchableMailbox): void {
    const watched = {
      box,
      watch: watchMailbox(ctx, box, {
        onNew: () => queueSync(box),
        onWatching: () => app.log.debug({ mailboxId: box.id }, 'mailbox watched in IDLE'),
      }),
    };
    watches.set(box.id, watched);
    void watched.watch.ended.then(async (end) => {
      if (end === 'no_idle') noIdle.set(box.id, ctx.clock.now() + NO_IDLE_RECHECK_MS);
      if (end !== 'stopped' && watches.get(box.id) === watched) {
        watches.delete(box.id);
        await releaseIdle(ctx.db, box, owner).catch(() => undefined);
      }
    });
  }

  async function scan(): Promise<void> {
    const now = ctx.clock.now();
    const nowIso = new Date(now).toISOString();
    const until = new Date(now + idleLeaseMs).toISOString();
    await renewIdleClaims(ctx.db, owner, until);
    const watchable = await watchableMailboxes(ctx.db, owner, nowIso, idleMax + noIdle.size);
    const ids = new Set(watchable.map((b) => b.id));
    for (const id of [...watches.keys()]) if (!ids.has(id)) await unwatch(id);
    for (const box of watchable) {
      if (closing || watches.size >= idleMax) break;
      if (watches.has(box.id) || (noIdle.get(box.id) ?? 0) > now) continue;
      if (await claimIdle(ctx.db, box, owner, nowIso, until)) watch(box);
    }
    app.log.debug({ watched: [...watches.keys()] }, 'mailbox IDLE scan');
  }

  const tick = () => {
    scanning = scanning
      .then(() => (closing ? undefined : scan()))
      .catch((err: unknown) => app.log.warn({ err }, 'mailbox IDLE scan failed'));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, idleScanMs);
    timer.unref();
  });
  // Before the database closes (onClose): connections end, claims go back for the other instances.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await scanning;
    await Promise.all([...watches.keys()].map((id) => unwatch(id).catch(() => undefined)));
  });
}
