import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function sendWebhookTest(companyId: number, id: number): Promise<{ queued: number }> {
  return api.post<{ queued: number }>(`${webhooksPath(companyId)}/${id}/test`);
}

export function useSendWebhookTest(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendWebhookTest(companyId, id),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
