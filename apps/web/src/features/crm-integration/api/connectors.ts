import type {
  Connector,
  ConnectorCreateInput,
  ConnectorLogPage,
  ConnectorSyncQueued,
} from '@kontora/contract/connectors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { connectorKeys, connectorsPath, invalidateConnectors } from '../../shared/api/get-connectors.ts';

export function useConnectorLog(companyId: number, id: number) {
  return useQuery({
    queryKey: connectorKeys.log(companyId, id),
    queryFn: () =>
      api.get<ConnectorLogPage>(`${connectorsPath(companyId)}/${id}/log`, { query: { limit: 50 } }),
  });
}

export function useCreateConnector(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<ConnectorCreateInput>) =>
      api.post<Connector>(connectorsPath(companyId), body, { idempotencyKey: key }),
    onSuccess: () => invalidateConnectors(queryClient, companyId),
  });
}

/** "Sync now": the answer names the job whose progress the screen follows. */
export function useSyncConnector(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ConnectorSyncQueued>(`${connectorsPath(companyId)}/${id}/sync`),
    onSuccess: () => invalidateConnectors(queryClient, companyId),
  });
}

export function useDeleteConnector(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${connectorsPath(companyId)}/${id}`),
    onSuccess: () => invalidateConnectors(queryClient, companyId),
  });
}
