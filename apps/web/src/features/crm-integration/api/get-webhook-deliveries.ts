import type { WebhookDeliveryPage } from '@kontora/contract/webhooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function getWebhookDeliveries(
  companyId: number,
  id: number,
  cursor: string | undefined,
): Promise<WebhookDeliveryPage> {
  return api.get<WebhookDeliveryPage>(`${webhooksPath(companyId)}/${id}/deliveries`, {
    query: { limit: 25, ...(cursor ? { cursor } : {}) },
  });
}

/** The delivery log, newest first; refreshed every few seconds while shown (attempts arrive by themselves). */
export function useWebhookDeliveries(companyId: number, id: number) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(companyId, id),
    queryFn: ({ pageParam }) => getWebhookDeliveries(companyId, id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 3000,
  });
}
