import type { WebhookCreateInput, WebhookWithSecret } from '@kontora/contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function createWebhook(
  companyId: number,
  body: WebhookCreateInput,
  key?: string,
): Promise<WebhookWithSecret> {
  return api.post<WebhookWithSecret>(webhooksPath(companyId), body, { idempotencyKey: key });
}

export function useCreateWebhook(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<WebhookCreateInput>) => createWebhook(companyId, body, key),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
