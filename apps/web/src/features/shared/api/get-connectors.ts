import type { Connector, ConnectorList } from '@kontora/contract/connectors';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const connectorsPath = (companyId: number) => `/companies/${companyId}/connectors`;

/** Query keys of the connections, all under `['connectors', companyId]` (the screen and the dashboard widget). */
export const connectorKeys = {
  all: (companyId: number) => ['connectors', companyId] as const,
  list: (companyId: number) => ['connectors', companyId, 'list'] as const,
  log: (companyId: number, id: number) => ['connectors', companyId, 'log', id] as const,
};

export function invalidateConnectors(queryClient: QueryClient, companyId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: connectorKeys.all(companyId) });
}

/** While a connection syncs without a followed job (the first import, a scheduled run), its counts are read this often. */
const SYNCING_POLL_MS = 3_000;

export function useConnectors(companyId: number) {
  return useQuery({
    queryKey: connectorKeys.list(companyId),
    queryFn: () => api.get<ConnectorList>(connectorsPath(companyId)),
    refetchInterval: (query) =>
      query.state.data?.items.some((c: Connector) => c.state === 'syncing') ? SYNCING_POLL_MS : false,
  });
}
