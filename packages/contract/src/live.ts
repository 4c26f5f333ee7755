import { z } from 'zod';
import { CHANGE_TYPES } from './change-feed.ts';
import { ImportProgress } from './csv-import.ts';
import { JobState } from './jobs.ts';
import type { LiveNotification } from './notifications.ts';

/**
 * Live updates over `/api/ws` (docs/decisions/017-live-updates.md).
 *
 * 1. The client opens `/api/ws` with nothing in the address and sends
 *    `{type:'auth', token}` (a session token, never an API key) within 2 s.
 * 2. The server answers `{type:'ready'}`; the client sends
 *    `{type:'subscribe', company_id, after?}` (`after`: the last event id it saw).
 * 3. The server answers `subscribed` (with the newest id, to resume from),
 *    replays what was missed (or sends `resync`), then pushes change messages.
 * 4. The server sends `ping` every 25 s; the client answers `pong`. A
 *    connection silent for 60 s is closed (either side).
 */
export { LIVE_CLOSE, LIVE_LIMITS } from './live-limits.ts';

export const LiveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({
    type: z.literal('subscribe'),
    company_id: z.number().int().positive().max(2_147_483_647),
    after: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

/** One change of the subscribed company: what and who, never field values. */
export const LiveChange = z.object({
  type: z.enum(CHANGE_TYPES),
  /** The change feed entry's id; remember the last one to resume. */
  id: z.number(),
  entity_id: z.number().nullable(),
  /** The record's version after the change (customers, events), for "changed underneath" checks. */
  version: z.number().nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type LiveChange = z.infer<typeof LiveChange>;

/**
 * A company job's state or progress changed (decision 028): an import, a
 * duplicate scan, a connector sync. Only sent to people who may use the
 * job's module. Not part of the resumable feed: it carries no feed `id` (its
 * type has no dot), and a client that missed some reads the job
 * (`GET /api/companies/{companyId}/jobs/{jobId}`) instead.
 */
export const LiveJob = z.object({
  type: z.literal('job'),
  job_id: z.string(),
  name: z.string(),
  state: JobState,
  /** 0–100. */
  progress: z.number().int(),
  message: z.string().nullable(),
  /** When a failed job tries again; null otherwise. */
  run_at: z.string().nullable(),
  at: z.string(),
  /** An import's counts (only on `*.import` messages). */
  import: ImportProgress.optional(),
});
export type LiveJob = z.infer<typeof LiveJob>;

/** What an admin notice is about: a person (`user.*`), or a company and its members. */
export const ADMIN_NOTICE_KINDS = [
  'user.created',
  'user.updated',
  'user.disabled',
  'user.enabled',
  'company.created',
  'company.updated',
  'company.modules_changed',
  'member.added',
  'member.updated',
  'member.removed',
] as const;

/**
 * What a settings notice is about: a webhook endpoint or a HubSpot/Pipedrive
 * connection of the subscribed company (`webhook.disabled`: turned off after
 * failing, by nobody). Connector runs ending are told by their job
 * (`connectors.sync`), not here. `mail.changed`: mail beside the customers of a
 * mailbox (the `id`) changed: a message kept by a sync or a send, or one of the
 * person's scheduled messages queued, cancelled, sent or failed (decision 079). Mail
 * is in no feed either: a private mailbox's must not reach the company's webhooks.
 */
export const SETTINGS_NOTICE_KINDS = [
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.disabled',
  'connector.connected',
  'connector.disconnected',
  'mail.changed',
] as const;
export type SettingsNoticeKind = (typeof SETTINGS_NOTICE_KINDS)[number];

/**
 * Something on the administration screens changed, whoever changed it. Admin
 * kinds (a person, any company, its members) are only sent to superusers,
 * whether or not they subscribed to a company. Settings kinds (a company's
 * CRM integration settings, which are in no feed: the feed also goes to
 * customers' webhooks and the public API) are only sent to the sockets
 * subscribed to that company whose person may use CRM integration. They share
 * the `admin` type so that a page loaded before they existed takes them as
 * what they are, passing notices, and never as feed changes. Like `job`, not
 * part of the resumable feed: a client refetches those screens whenever its
 * socket comes (back) up.
 */
export const LiveAdmin = z.object({
  type: z.literal('admin'),
  kind: z.enum([...ADMIN_NOTICE_KINDS, ...SETTINGS_NOTICE_KINDS]),
  /** The person's id for `user.*`, the endpoint's or connection's for settings kinds, otherwise the company's. */
  id: z.number(),
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type LiveAdmin = z.infer<typeof LiveAdmin>;

export type LiveServerMessage =
  | { type: 'ready' }
  | { type: 'subscribed'; company_id: number; last_id: number }
  /** Too much was missed: refetch what is on screen, then go on from `last_id`. */
  | { type: 'resync'; last_id: number }
  /** The person's modules in the company changed: refetch them; messages now follow the new set. */
  | { type: 'access_changed' }
  | { type: 'ping' }
  | { type: 'pong' }
  | LiveJob
  | LiveAdmin
  | LiveNotification
  | LiveChange;
