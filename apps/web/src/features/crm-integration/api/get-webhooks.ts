import type { Webhook } from '@kontora/contract/webhooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './webhook-keys.ts';

export function getWebhooks(companyId: number): Promise<{ items: Webhook[] }> {
  return api.get<{ items: Webhook[] }>(webhooksPath(companyId));
}

export function useWebhooks(companyId: number) {
  return useQuery({ queryKey: webhookKeys.list(companyId), queryFn: () => getWebhooks(companyId) });
}
