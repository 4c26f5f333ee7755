import type { Mailbox } from '@kontora/contract/mailboxes';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const mailboxesPath = (companyId: number) => `/companies/${companyId}/mailboxes`;
/** One key and one shape for Settings and the compose dialog, which share the cached answer. */
export const mailboxesKey = (companyId: number) => ['mailboxes', companyId] as const;

/** While a mailbox connects or syncs, its state is asked for again this often. */
const BUSY_REFRESH_MS = 3_000;

/** The caller's own mailboxes in the company, refreshed while one is connecting or syncing. */
export const mailboxesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: mailboxesKey(companyId),
    queryFn: ({ signal }) =>
      api.get<{ items: Mailbox[] }>(mailboxesPath(companyId), { signal }).then((d) => d.items),
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.status === 'connecting' || m.status === 'syncing')
        ? BUSY_REFRESH_MS
        : false,
  });
