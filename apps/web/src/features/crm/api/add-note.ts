import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function addNote(companyId: number, id: number, body: string, key?: string): Promise<unknown> {
  return api.post<unknown>(`${customersPath(companyId)}/${id}/timeline`, { body }, { idempotencyKey: key });
}

export function useAddNote(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<string>) => addNote(companyId, id, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.timeline(companyId, id) }),
  });
}
