import type { AdminCompany, CreateCompanyBody } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateAdmin } from './invalidate.ts';

export function createCompany({ body, key }: Keyed<CreateCompanyBody>): Promise<AdminCompany> {
  return api.post<AdminCompany>('/admin/companies', body, { idempotencyKey: key });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => invalidateAdmin(queryClient) });
}
