import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function deleteWebhook(companyId: number, id: number): Promise<void> {
  return api.delete<void>(`${webhooksPath(companyId)}/${id}`);
}

export function useDeleteWebhook(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWebhook(companyId, id),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
