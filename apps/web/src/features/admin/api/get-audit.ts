import type { AuditData } from '@kontora/contract/admin';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AuditFilters = {
  actor_id?: number;
  entity?: string;
  company_id?: number;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
};

const PAGE_SIZE = 50;

export function getAudit(filters: AuditFilters, cursor?: string): Promise<AuditData> {
  return api.get<AuditData>('/admin/audit', { query: { ...filters, limit: PAGE_SIZE, cursor } });
}

/** Newest first; each further page continues from the previous page's `next_cursor`. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // A changed filter keeps the previous entries on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
