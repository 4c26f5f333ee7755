import type { WebhookWithSecret } from '@kontora/contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateWebhooks, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function rotateWebhookSecret(companyId: number, id: number): Promise<WebhookWithSecret> {
  return api.post<WebhookWithSecret>(`${webhooksPath(companyId)}/${id}/rotate-secret`);
}

export function useRotateWebhookSecret(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rotateWebhookSecret(companyId, id),
    onSuccess: () => invalidateWebhooks(queryClient, companyId),
  });
}
