import type { FieldMappings, FieldMappingsBody } from '@kontora/contract/connector-field-mappings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { connectorKeys, connectorsPath } from '../../shared/api/get-connectors.ts';

const mappingKey = (companyId: number, id: number) =>
  [...connectorKeys.all(companyId), 'field-mappings', id] as const;
const mappingPath = (companyId: number, id: number) => `${connectorsPath(companyId)}/${id}/field-mappings`;

/** The connection's field mapping, the provider's properties and its unmapped custom properties. */
export function useFieldMappings(companyId: number, id: number) {
  return useQuery({
    queryKey: mappingKey(companyId, id),
    queryFn: () => api.get<FieldMappings>(mappingPath(companyId, id)),
  });
}

/** Saves the whole mapping (the server checks each property against the provider; a full pass follows). */
export function useSaveFieldMappings(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FieldMappingsBody) => api.put<FieldMappings>(mappingPath(companyId, id), body),
    onSuccess: (answer) => {
      queryClient.setQueryData(mappingKey(companyId, id), answer);
      // The full pass it queued shows in the connection's state.
      void queryClient.invalidateQueries({ queryKey: connectorKeys.list(companyId) });
    },
  });
}
