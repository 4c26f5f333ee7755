import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function replayWebhookDelivery(companyId: number, id: number, deliveryId: number) {
  return api.post<{ queued: number }>(`${webhooksPath(companyId)}/${id}/deliveries/${deliveryId}/replay`);
}

export function useReplayWebhookDelivery(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => replayWebhookDelivery(companyId, id, deliveryId),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
