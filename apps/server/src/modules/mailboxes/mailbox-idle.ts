import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../context.ts';
import { openImap } from './imap-connect.ts';
import { mailboxServers } from './mailbox-credentials.ts';
import type { WatchableMailbox } from './mailbox-idle.repository.ts';
import { findMailbox } from './mailboxes.repository.ts';

/** IDLE is restarted this often: below the socket timeout of imap-connect.ts, and RFC 2177's 29 minutes. */
const IDLE_RESTART_MS = 60_000;
const BACKOFF_MAX_MS = 5 * 60_000;

export type WatchEnd = 'stopped' | 'gone' | 'no_idle';

export interface MailboxWatch {
  /** Settles when the watch ends by itself (the mailbox went, or its server has no IDLE) or is stopped. */
  readonly ended: Promise<WatchEnd>;
  /** Closes the connection at once; settles when the watch has ended. */
  stop(): Promise<void>;
}

/**
 * Keeps one connection of the mailbox in IDLE on INBOX (`onWatching` once it is open) and
 * calls `onNew` when the server says a message exists that did not. A dropped connection,
 * or one that cannot be made, is tried again after 1 s, 2 s, 4 s … up to 5 minutes; each
 * connection, once INBOX is open, calls `onNew` too, for what arrived before. Connects
 * exactly as the sync does (the sealed password, the outbound address rules of
 * imap-connect.ts).
 */
export function watchMailbox(
  ctx: AppContext,
  box: WatchableMailbox,
  events: { onNew: () => void; onWatching: () => void },
): MailboxWatch {
  const { onNew } = events;
  let stopped = false;
  let client: ImapFlow | undefined;
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function connect(): Promise<ImapFlow | 'gone'> {
    const row = await findMailbox(ctx.db, box.company_id, box.id);
    if (!row) return 'gone';
    // An OAuth mailbox's token is refreshed here too when it is about to end (decision 078).
    const { imap } = await mailboxServers(ctx, row);
    return openImap(ctx, imap, { maxIdleTime: IDLE_RESTART_MS });
  }

  async function run(): Promise<WatchEnd> {
    let drops = 0;
    while (!stopped) {
      try {
        const opened = await connect();
        if (opened === 'gone') return 'gone';
        client = opened;
        if (stopped) break;
        if (!opened.capabilities.has('IDLE')) return 'no_idle';
        opened.on('exists', (e: { count: number; prevCount: number }) => {
          if (e.count > e.prevCount) onNew();
        });
        await opened.mailboxOpen('INBOX', { readOnly: true });
        events.onWatching();
        // A run for what came before INBOX was open (while down, or between the claim and now):
        // the poll leaves INBOX to a watched mailbox (decision 079), so nothing else reads it.
        onNew();
        drops = 0;
        // ImapFlow restarts IDLE itself every IDLE_RESTART_MS; it returns only when IDLE failed,
        // the mailbox was closed or the connection ended: each is made again, after a pause.
        await opened.idle();
      } catch {
        // Reported by the sync, which marks the mailbox failing; here only tried again.
      } finally {
        client?.close();
        client = undefined;
      }
      if (stopped) break;
      drops += 1;
      await pause(Math.min(1000 * 2 ** (drops - 1), BACKOFF_MAX_MS));
    }
    return 'stopped';
  }

  const ended = run();
  return {
    ended,
    async stop() {
      stopped = true;
      client?.close();
      wake();
      await ended;
    },
  };
}
