import type { Webhook, WebhookUpdateBody } from '@kontora/contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function updateWebhook(companyId: number, id: number, body: WebhookUpdateBody): Promise<Webhook> {
  return api.patch<Webhook>(`${webhooksPath(companyId)}/${id}`, body);
}

export function useUpdateWebhook(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdateBody }) => updateWebhook(companyId, id, body),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
