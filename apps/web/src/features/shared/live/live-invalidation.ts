import { type ChangeKind, type ChangeType, changeKindOf } from '@kontora/contract/change-types';
import type { JobState } from '@kontora/contract/jobs';
import type { LiveAdmin, LiveJob, SettingsNoticeKind } from '@kontora/contract/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { companyProfileQueryOptions } from '../../../lib/api/get-company.ts';
import { companyModulesQueryOptions } from '../../../lib/api/get-company-modules.ts';
import { crmKeys } from '../api/crm-keys.ts';
import { emailKeys } from '../api/emails.ts';
import { apiKeysQueryOptions } from '../api/get-api-keys.ts';
import { connectorKeys } from '../api/get-connectors.ts';
import { teamChangeKeys } from '../api/invalidate-team.ts';
import { mailboxesKey } from '../api/mailboxes.ts';
import { socialKeys } from '../api/social-keys.ts';
import { socialMediaKeys } from '../api/social-media-keys.ts';
import { webhookKeys } from '../api/webhook-keys.ts';

/**
 * The screens that show each kind of record, by their query keys. A Record,
 * so that a new kind of change does not compile until it is given its screens.
 */
const KEYS_BY_KIND: Readonly<Record<ChangeKind, (companyId: number) => QueryKey[]>> = {
  // A customer change shows in to-dos, a to-do in the customer page and the stats: all of the CRM
  // (lists, customer page, timeline, to-dos, calendar, duplicates, the dashboard's CRM widget).
  customer: (companyId) => [crmKeys.all(companyId)],
  event: (companyId) => [crmKeys.all(companyId)],
  // Deals show on the board, the deal page and the customer pages (all under the CRM keys).
  deal: (companyId) => [crmKeys.all(companyId)],
  // A pipeline's name or stages show on the board and the deal screens.
  pipeline: (companyId) => [crmKeys.all(companyId)],
  // Posts, their per-account results and accounts: the social screens and the dashboard's social widget.
  social_post: (companyId) => [socialKeys.all(companyId)],
  social_account: (companyId) => [socialKeys.all(companyId)],
  // The media library and the post editor's media picker.
  social_media: (companyId) => [socialMediaKeys.all(companyId)],
  // The API keys tab and the dashboard's integration widget (its count of active keys).
  api_key: (companyId) => [apiKeysQueryOptions(companyId).queryKey],
  member: teamChangeKeys,
  company: (companyId) => [
    companyProfileQueryOptions(companyId).queryKey,
    companyModulesQueryOptions(companyId).queryKey,
    ['me', 'companies'],
    ['admin'],
  ],
};

/**
 * The cached queries a change of another person makes stale. Only queries on
 * screen refetch (TanStack Query marks the others stale), and a refetch
 * replaces data, not components: scroll position, selection, open dialogs
 * and half-typed forms stay (forms take their values once, when they open).
 */
export function keysForChange(type: ChangeType, companyId: number): QueryKey[] {
  const kind = changeKindOf(type);
  // A type newer than this page (a deploy while it was open): no screen of this build shows it.
  return Object.hasOwn(KEYS_BY_KIND, kind) ? KEYS_BY_KIND[kind](companyId) : [];
}

/**
 * The screens that show each kind of setting (settings notices): the CRM
 * integration screen's Webhooks and Connectors tabs and the dashboard's
 * integration widget, which read the same lists; and the mail screens.
 */
const KEYS_BY_SETTING: Readonly<Record<SettingsNoticeKind, (companyId: number) => QueryKey[]>> = {
  'webhook.created': (companyId) => [webhookKeys.list(companyId)],
  'webhook.updated': (companyId) => [webhookKeys.list(companyId)],
  'webhook.deleted': (companyId) => [webhookKeys.list(companyId)],
  'webhook.disabled': (companyId) => [webhookKeys.list(companyId)],
  'connector.connected': (companyId) => [connectorKeys.list(companyId)],
  'connector.disconnected': (companyId) => [connectorKeys.list(companyId)],
  // Mail kept or sent, a scheduled message queued or gone: the Emails cards of customers and
  // deals, the person's scheduled list and their mailboxes' counts (decision 079).
  'mail.changed': (companyId) => [
    emailKeys.allThreads(companyId),
    emailKeys.scheduled(companyId),
    mailboxesKey(companyId),
  ],
};

/**
 * The screens that show what each followed job leaves behind (decision 028),
 * for the people who did not start it: a sync's counts, state and log on the
 * Connectors tab and the widget's last sync; a scan's groups.
 */
const KEYS_BY_JOB: Readonly<Record<string, (companyId: number) => QueryKey[]>> = {
  'connectors.sync': (companyId) => [connectorKeys.all(companyId)],
  'customers.duplicate_scan': (companyId) => [crmKeys.duplicateGroups(companyId)],
};

/**
 * The cached queries the socket's coming (back) up makes stale: the company's
 * followed jobs and a superuser's admin screens, and after a drop (`resumed`)
 * the company's integration settings and what its jobs leave behind. None of
 * their messages is in the change feed, so a resume does not replay what
 * happened while the socket was down. Settings and job results are not asked
 * again when it first comes up: the screens have just read them (a change
 * between that read and the subscription goes unseen, as a feed change does).
 */
export function keysOnLive(companyId: number | null, isSuperuser: boolean, resumed: boolean): QueryKey[] {
  const company: QueryKey[] =
    companyId === null
      ? []
      : [
          ['company-job', companyId],
          ...(resumed
            ? [...Object.values(KEYS_BY_JOB), ...Object.values(KEYS_BY_SETTING)].flatMap((keys) =>
                keys(companyId),
              )
            : []),
        ];
  return [...company, ...(isSuperuser ? [['admin']] : [])];
}

const isSettingsKind = (kind: string): kind is SettingsNoticeKind => Object.hasOwn(KEYS_BY_SETTING, kind);

/**
 * An admin notice. Of a person or a company: every admin list and page
 * (working out which of them show that record is not worth it). Of a setting
 * of the subscribed company: the screens that show it.
 */
export function keysForAdmin(kind: LiveAdmin['kind'], companyId: number | null): QueryKey[] {
  if (!isSettingsKind(kind)) return [['admin']];
  return companyId === null ? [] : KEYS_BY_SETTING[kind](companyId);
}

/**
 * A followed job's message: the screens showing its results, when its state
 * changed (started, finished, failed); progress alone changes nothing there.
 */
export function keysForJob(job: LiveJob, previous: JobState | undefined, companyId: number): QueryKey[] {
  const keys = Object.hasOwn(KEYS_BY_JOB, job.name) ? KEYS_BY_JOB[job.name] : undefined;
  return keys && job.state !== previous ? keys(companyId) : [];
}

/** Collects keys for a moment, so an import of thousands of rows refetches each screen once. */
const BATCH_MS = 100;

export function createInvalidator(queryClient: QueryClient): (keys: QueryKey[]) => void {
  const pending = new Map<string, QueryKey>();
  let waiting = false;
  return (keys) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    if (waiting) return;
    waiting = true;
    setTimeout(() => {
      waiting = false;
      const batch = [...pending.values()];
      pending.clear();
      for (const queryKey of batch) void queryClient.invalidateQueries({ queryKey });
    }, BATCH_MS);
  };
}
