import type { WebhookCreateInput, WebhookWithSecret } from '@kontora/contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function createWebhook(companyId: number, body: WebhookCreateInput): Promise<WebhookWithSecret> {
  return api.post<WebhookWithSecret>(webhooksPath(companyId), body);
}

export function useCreateWebhook(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreateInput) => createWebhook(companyId, body),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
