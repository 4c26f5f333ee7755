import type { ChangeEntry } from '@kontora/contract/change-feed';
import { ADMIN_NOTICE_KINDS, type LiveAdmin } from '@kontora/contract/live';
import { createNoticeBoard } from './notice-board.ts';

/** A committed change of a person, for the superusers' admin screens. */
export interface AdminNotice {
  kind: Extract<LiveAdmin['kind'], `user.${string}`>;
  /** The person's id. */
  id: number;
  actorName: string | null;
}

/**
 * Where services report changes of people, once committed. They are in no
 * company's feed (a person may belong to none), so the live module publishes
 * each on a relay, for superusers on every instance, as job events are.
 */
export interface AdminNotices {
  notify(notice: AdminNotice): void;
  observe(listener: (message: LiveAdmin) => void): () => void;
}

export function createAdminNotices(): AdminNotices {
  const board = createNoticeBoard<LiveAdmin>();
  return {
    notify({ kind, id, actorName }) {
      board.notify({ type: 'admin', kind, id, actor_name: actorName, at: new Date().toISOString() });
    },
    observe: board.observe,
  };
}

const FEED_KINDS: ReadonlySet<string> = new Set(ADMIN_NOTICE_KINDS);

/**
 * Company and member changes are in the change feed, which every instance
 * already reads whole: their notices come from there (whoever made them, a
 * superuser or a company's owner), not through the relay.
 */
export function adminNoticeOfChange(entry: ChangeEntry): LiveAdmin | null {
  if (!FEED_KINDS.has(entry.type)) return null;
  return {
    type: 'admin',
    kind: entry.type as LiveAdmin['kind'],
    id: entry.company_id,
    actor_name: entry.actor.name,
    at: entry.created_at,
  };
}
