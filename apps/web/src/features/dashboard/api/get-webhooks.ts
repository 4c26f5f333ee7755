import type { Webhook } from '@kontora/contract/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys } from '../../shared/api/webhook-keys.ts';

/**
 * The company's webhook endpoints with their 24-hour figures, for the
 * integration widget. Same key and shape as the webhooks screen's list, so
 * changes made there refresh the widget too.
 */
export function getWebhooks(companyId: number): Promise<{ items: Webhook[] }> {
  return api.get<{ items: Webhook[] }>(`/companies/${companyId}/webhooks`);
}

export const dashboardWebhooksQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: webhookKeys.list(companyId), queryFn: () => getWebhooks(companyId) });

export function useDashboardWebhooks(companyId: number) {
  // Success rates move as attempts arrive: refreshed now and then while the dashboard is shown.
  return useQuery({ ...dashboardWebhooksQueryOptions(companyId), refetchInterval: 30_000 });
}
