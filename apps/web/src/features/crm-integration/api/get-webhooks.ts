import type { Webhook } from '@kontora/contract/webhooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from '../../shared/api/webhook-keys.ts';

export function getWebhooks(companyId: number): Promise<{ items: Webhook[] }> {
  return api.get<{ items: Webhook[] }>(webhooksPath(companyId));
}

export function useWebhooks(companyId: number) {
  // Success rates move as attempts arrive: refreshed now and then while shown.
  return useQuery({
    queryKey: webhookKeys.list(companyId),
    queryFn: () => getWebhooks(companyId),
    refetchInterval: 10_000,
  });
}
