import type { QueryClient } from '@tanstack/react-query';

export const webhooksPath = (companyId: number) => `/companies/${companyId}/webhooks`;

/** Query keys of the webhooks screen and the dashboard's integration widget, all under `['webhooks', companyId]`. */
export const webhookKeys = {
  all: (companyId: number) => ['webhooks', companyId] as const,
  list: (companyId: number) => ['webhooks', companyId, 'list'] as const,
  deliveries: (companyId: number, id: number) => ['webhooks', companyId, 'deliveries', id] as const,
};

export function invalidateWebhooks(queryClient: QueryClient, companyId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: webhookKeys.all(companyId) });
}
