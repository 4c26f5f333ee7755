import { type ChangeKind, type ChangeType, changeKindOf } from '@kontora/contract/change-types';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { companyProfileQueryOptions } from '../../../lib/api/get-company.ts';
import { companyModulesQueryOptions } from '../../../lib/api/get-company-modules.ts';
import { crmKeys } from '../api/crm-keys.ts';
import { apiKeysQueryOptions } from '../api/get-api-keys.ts';
import { teamChangeKeys } from '../api/invalidate-team.ts';
import { socialKeys } from '../api/social-keys.ts';
import { socialMediaKeys } from '../api/social-media-keys.ts';

/**
 * The screens that show each kind of record, by their query keys. A Record,
 * so that a new kind of change does not compile until it is given its screens.
 */
const KEYS_BY_KIND: Readonly<Record<ChangeKind, (companyId: number) => QueryKey[]>> = {
  // A customer change shows in to-dos, a to-do in the customer page and the stats: all of the CRM
  // (lists, customer page, timeline, to-dos, calendar, duplicates, the dashboard's CRM widget).
  customer: (companyId) => [crmKeys.all(companyId)],
  event: (companyId) => [crmKeys.all(companyId)],
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
 * The cached queries the socket's coming (back) up makes stale: the company's
 * followed jobs, and a superuser's admin screens. Their messages are not in
 * the change feed, so a resume does not replay what happened while the socket
 * was down, or before it first came up.
 */
export function keysOnLive(companyId: number | null, isSuperuser: boolean): QueryKey[] {
  return [...(companyId === null ? [] : [['company-job', companyId]]), ...(isSuperuser ? [['admin']] : [])];
}

/** An admin notice: every admin list and page (working out which of them show that record is not worth it). */
export function keysForAdmin(): QueryKey[] {
  return [['admin']];
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
