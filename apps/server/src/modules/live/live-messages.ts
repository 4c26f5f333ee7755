import {
  type ChangeEntry,
  type ChangeKind,
  type ChangeType,
  changeKindOf,
} from '@kontora/contract/change-feed';
import { MODULE_ID } from '@kontora/contract/limits';
import type { LiveChange, SettingsNoticeKind } from '@kontora/contract/live';

/**
 * The module a person needs to receive a change of each kind: the one the API
 * asks for to read that record (the routes of customers, events, social posts,
 * accounts and media, API keys). Company and team changes go to every member
 * (the company page and the team list are open to all of them). A Record, so
 * that a new kind of change does not compile until someone decides who sees it.
 */
const MODULE_OF_KIND: Readonly<Record<ChangeKind, number | null>> = {
  customer: MODULE_ID.crm,
  event: MODULE_ID.crm,
  social_post: MODULE_ID.social,
  social_account: MODULE_ID.social,
  social_media: MODULE_ID.social,
  deal: MODULE_ID.crm,
  pipeline: MODULE_ID.crm,
  api_key: MODULE_ID.crmIntegration,
  member: null,
  company: null,
};

/** The module a person needs to receive a change (live push and resume replay alike); null: every member. */
export function moduleOfChange(type: ChangeType): number | null {
  return MODULE_OF_KIND[changeKindOf(type)];
}

/**
 * The company jobs people follow on screen (decision 028), with the module a
 * person needs to follow each: the module of the screen that starts it. Other
 * jobs (mail, webhook deliveries, reminders) are never published, however many
 * run, and the company job route does not answer them.
 */
const FOLLOWED_JOBS: Readonly<Record<string, number>> = {
  'customers.duplicate_scan': MODULE_ID.crm,
  'connectors.sync': MODULE_ID.crmIntegration,
};

/** The module needed to follow a job; undefined for a job that is not followed. */
export const moduleOfJob = (name: string): number | undefined =>
  Object.hasOwn(FOLLOWED_JOBS, name) ? FOLLOWED_JOBS[name] : undefined;

/**
 * The module a person needs to hear a settings notice (`webhook.*`,
 * `connector.*`): the one the webhook and connector routes ask for. A Record,
 * as above, so that a new kind of setting is given its readers.
 */
const MODULE_OF_SETTING: Readonly<
  Record<SettingsNoticeKind extends `${infer S}.${string}` ? S : never, number>
> = {
  webhook: MODULE_ID.crmIntegration,
  connector: MODULE_ID.crmIntegration,
  // The mail routes are the CRM's (mailboxes.routes.ts).
  mail: MODULE_ID.crm,
};

export const moduleOfSetting = (kind: SettingsNoticeKind): number =>
  MODULE_OF_SETTING[kind.slice(0, kind.indexOf('.')) as keyof typeof MODULE_OF_SETTING];

/** Changes after which the subscribers of that company must have their rights checked again. */
export const RIGHTS_CHANGES: ReadonlySet<ChangeType> = new Set([
  'member.removed',
  'member.updated',
  'company.updated',
  'company.modules_changed',
]);

/** What a socket is told about a change: what, which record, its version, who and when; no field values. */
export function toLiveChange(entry: ChangeEntry): LiveChange {
  return {
    type: entry.type,
    id: entry.id,
    entity_id: entry.entity.id,
    version: entry.entity_version,
    actor_name: entry.actor.name,
    at: entry.created_at,
  };
}

/** Session tokens are 32 random bytes in base64url (lib/tokens.ts); anything else (API keys `kon_…`) never opens a socket. */
export const isSessionTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
