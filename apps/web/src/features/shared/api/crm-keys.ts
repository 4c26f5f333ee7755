import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the CRM, all under `['crm', companyId]`: a write anywhere in the
 * CRM refetches what is on screen (lists, the customer page, to-dos, calendar,
 * stats), since a customer change shows in the to-dos and a to-do in the stats.
 */
export const crmKeys = {
  all: (companyId: number) => ['crm', companyId] as const,
  customers: (companyId: number) => ['crm', companyId, 'customers'] as const,
  customerList: (companyId: number, filter: object) =>
    ['crm', companyId, 'customers', 'list', filter] as const,
  customer: (companyId: number, id: number) => ['crm', companyId, 'customers', 'detail', id] as const,
  duplicateGroups: (companyId: number) => ['crm', companyId, 'customers', 'duplicate-groups'] as const,
  timeline: (companyId: number, id: number) => ['crm', companyId, 'customers', 'timeline', id] as const,
  events: (companyId: number) => ['crm', companyId, 'events'] as const,
  eventList: (companyId: number, params: object) => ['crm', companyId, 'events', 'list', params] as const,
  stats: (companyId: number) => ['crm', companyId, 'stats'] as const,
};

export function invalidateCrm(queryClient: QueryClient, companyId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: crmKeys.all(companyId) });
}
