import type { ChangeType } from '@kontora/contract/change-feed';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { crmKeys } from '../api/crm-keys.ts';

/**
 * The cached queries a change of another person makes stale. Only queries on
 * screen refetch (TanStack Query marks the others stale), and a refetch
 * replaces data, not components: scroll position, selection, open dialogs
 * and half-typed forms stay (forms take their values once, when they open).
 */
export function keysForChange(type: ChangeType, companyId: number): QueryKey[] {
  const [entity] = type.split('.');
  // A customer change shows in to-dos, a to-do in the customer page and the stats: all of the CRM.
  if (entity === 'customer' || entity === 'event') return [crmKeys.all(companyId)];
  // Posts, their per-account results and accounts: the social screens and the dashboard's social widget.
  if (entity?.startsWith('social_')) return [['social', companyId]];
  if (entity === 'member') return [['team', companyId], ['admin'], ['me', 'companies']];
  return [['company-profile', companyId], ['company-modules', companyId], ['me', 'companies'], ['admin']];
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
