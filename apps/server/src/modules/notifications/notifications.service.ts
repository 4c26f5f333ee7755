import { companyLink } from '@kontora/contract/app-links';
import { mentionedUserIds } from '@kontora/contract/mentions';
import {
  type NotificationKind,
  normalizeNotificationPreferences,
} from '@kontora/contract/notification-kinds';
import {
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationsPage,
} from '@kontora/contract/notifications';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { isMember, listTeam } from '../members/members.service.ts';
import { findUserById } from '../users/users.service.ts';
import {
  countUnread,
  insertNotification,
  listNotifications,
  markAllRead,
  markRead,
} from './notifications.repository.ts';

/**
 * The notifications module's face (docs/decisions/055-notifications.md). Modules that
 * tell a person of something call `notify` where they mailed before, in the transaction
 * that causes it, and mail only when it answers `mail: true`: the person's choice per
 * kind decides both. The live module reads new rows (`notificationsAfter`) and tells the
 * person's own sockets.
 */
export { newestNotificationId, notificationsAfter } from './notifications.repository.ts';

export type NotificationData = Record<string, string | number | null>;

export interface NotifyInput {
  userId: number;
  companyId: number;
  kind: NotificationKind;
  /** The record linked to; `route` is its screen (the company is added when read). */
  recordId: number | null;
  route: string;
  /** What the text needs, as it is now (a later rename does not change what happened). */
  data: NotificationData;
  /** Who caused it: nobody is notified of what they did themselves. */
  actorId?: number | null;
  /** One notification per occasion: a job that runs again adds none. */
  dedupeKey?: string;
}

/**
 * Notifies one person, with `db` (the transaction of the cause). Nothing for oneself,
 * for a person who is not active, or not a member of the company (but for invitations).
 * Answers whether the caller should also mail, as the person chose.
 */
export async function notify(ctx: AppContext, db: Database, input: NotifyInput): Promise<{ mail: boolean }> {
  if (input.actorId != null && input.actorId === input.userId) return { mail: false };
  const person = await findUserById(db, input.userId);
  if (person?.status !== 'active') return { mail: false };
  if (input.kind !== 'invitation' && !(await isMember(db, input.companyId, input.userId)))
    return { mail: false };
  // Who did it, by name as it is now (an API key names itself in `data`).
  const data =
    input.actorId != null && input.data.actor_name == null
      ? { ...input.data, actor_name: (await findUserById(db, input.actorId))?.full_name ?? null }
      : input.data;
  const choice = normalizeNotificationPreferences(parseJson(person.notification_preferences))[input.kind];
  if (choice.in_app) {
    await insertNotification(db, {
      user_id: input.userId,
      company_id: input.companyId,
      kind: input.kind,
      record_id: input.recordId,
      route: input.route,
      data: JSON.stringify(data),
      dedupe_key: input.dedupeKey ?? null,
      created_at: ctx.clock.nowIso(),
    });
  }
  return { mail: choice.mail };
}

/** Mentions in one note that notify anyone: more is a list, not a mention. */
const MAX_MENTIONS = 20;

/**
 * Tells each member a note mentions (`@[Name](user:ID)`, packages/contract/src/mentions.ts) once,
 * in the note's transaction: a customer's or a deal's note, `title` naming the record.
 */
export async function notifyMentions(
  ctx: AppContext,
  db: Database,
  actor: Actor,
  note: { id: number; body: string; recordId: number; route: string; title: string; dedupeKind: string },
): Promise<void> {
  for (const userId of mentionedUserIds(note.body).slice(0, MAX_MENTIONS)) {
    await notify(ctx, db, {
      userId,
      companyId: actor.companyId,
      kind: 'mention',
      recordId: note.recordId,
      route: note.route,
      data: { title: note.title, actor_name: actor.apiKey?.name ?? null },
      actorId: authorIdOf(actor),
      dedupeKey: `${note.dedupeKind}:${note.id}`,
    });
  }
}

/** Notifies the company's owners and admins (those who manage its connections). */
export async function notifyManagers(
  ctx: AppContext,
  db: Database,
  input: Omit<NotifyInput, 'userId'>,
): Promise<void> {
  const team = await listTeam({ ...ctx, db }, input.companyId);
  for (const member of team.filter((m) => m.role === 'owner' || m.role === 'admin')) {
    await notify(ctx, db, { ...input, userId: member.user_id });
  }
}

type Row = Awaited<ReturnType<typeof listNotifications>>[number];

function toNotification(row: Row): Notification {
  const data = parseJson(row.data);
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    kind: row.kind as NotificationKind,
    data: (data && typeof data === 'object' ? data : {}) as NotificationData,
    // An invitation's screen is the person's own (the company is not theirs yet).
    link: row.kind === 'invitation' ? `#${row.route}` : companyLink(row.route, row.company_id),
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

/** The person's notifications, newest first, from every company they are in. */
export async function listMyNotifications(
  ctx: AppContext,
  userId: number,
  query: { unread?: '0' | '1' | undefined; cursor?: string | undefined },
): Promise<NotificationsPage> {
  let beforeId: number | undefined;
  if (query.cursor) {
    const [kind, id] = decodeCursor(query.cursor) ?? [];
    if (kind !== 'notifications' || !Number.isSafeInteger(id)) throw invalidField('cursor', 'invalid_cursor');
    beforeId = id as number;
  }
  const limit = NOTIFICATION_LIMITS.pageSize;
  const rows = await listNotifications(ctx.db, userId, {
    unreadOnly: query.unread === '1',
    beforeId,
    limit: limit + 1,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toNotification),
    next_cursor: rows.length > limit && last ? encodeCursor(['notifications', last.id]) : null,
  };
}

export const myUnreadCount = (ctx: AppContext, userId: number) => countUnread(ctx.db, userId);

export async function readMyNotification(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await markRead(ctx.db, userId, id, ctx.clock.nowIso()))) throw notFound('Notification');
}

export const readAllMyNotifications = (ctx: AppContext, userId: number) =>
  markAllRead(ctx.db, userId, ctx.clock.nowIso());
