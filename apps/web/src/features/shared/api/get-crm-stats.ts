import type { CrmStats } from '@kontora/contract/crm-stats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './crm-keys.ts';

/** Both days included ("YYYY-MM-DD", the company's calendar); null: over all time. */
export type StatsRange = { from: string; to: string } | null;

/**
 * The CRM figures, over a date range when given. While another range loads the
 * previous figures stay (marked as refreshing by the screen), not a spinner.
 */
export function useCrmStats(companyId: number, enabled = true, range: StatsRange = null) {
  const query = range ? `?from=${range.from}&to=${range.to}` : '';
  return useQuery({
    queryKey: [...crmKeys.stats(companyId), range],
    queryFn: () => api.get<CrmStats>(`/companies/${companyId}/crm/stats${query}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}
