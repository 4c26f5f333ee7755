import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function replayFailedWebhookDeliveries(companyId: number, id: number, since: string) {
  return api.post<{ queued: number }>(`${webhooksPath(companyId)}/${id}/deliveries/replay-failed`, { since });
}

export function useReplayFailedWebhookDeliveries(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (since: string) => replayFailedWebhookDeliveries(companyId, id, since),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
