import type { ModulesData } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAdmin } from './invalidate.ts';

export function setCompanyModules(id: number, modules: number[]): Promise<ModulesData> {
  return apiRequest<ModulesData>('PUT', `/admin/companies/${id}/modules`, { body: { modules } });
}

export function useSetCompanyModules(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (modules: number[]) => setCompanyModules(id, modules),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}
