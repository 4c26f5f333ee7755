import type { CrmStats } from '@kontora/contract/crm-stats';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './crm-keys.ts';

export function useCrmStats(companyId: number, enabled = true) {
  return useQuery({
    queryKey: crmKeys.stats(companyId),
    queryFn: () => api.get<CrmStats>(`/companies/${companyId}/crm/stats`),
    enabled,
  });
}
