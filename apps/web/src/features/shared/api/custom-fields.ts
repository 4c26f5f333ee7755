import type {
  CustomField,
  CustomFieldCreateBody,
  CustomFieldList,
  CustomFieldUpdateBody,
  CustomOptionMergeBody,
  CustomOptionMergeResult,
  CustomRecord,
  DeletedCustomFieldList,
} from '@kontora/contract/custom-fields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys, invalidateCrm } from './crm-keys.ts';

const fieldsPath = (companyId: number) => `/companies/${companyId}/custom-fields`;

/** Under the CRM's keys: a change of a field refetches the forms and pages that show it. */
const fieldsKey = (companyId: number, record: CustomRecord) =>
  [...crmKeys.all(companyId), 'custom-fields', record] as const;

/** The company's own fields of a record kind, archived ones included, in their order. */
export function useCustomFields(companyId: number, record: CustomRecord, enabled = true) {
  return useQuery({
    enabled,
    queryKey: fieldsKey(companyId, record),
    queryFn: ({ signal }) =>
      api.get<CustomFieldList>(`${fieldsPath(companyId)}?record=${record}`, { signal }),
    staleTime: 30_000,
    select: (list) => list.items,
  });
}

/** The fields a form and a page show: those not archived. */
export function useActiveCustomFields(companyId: number, record: CustomRecord): CustomField[] {
  return (useCustomFields(companyId, record).data ?? []).filter((field) => !field.archived);
}

export function useCreateCustomField(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomFieldCreateBody) => api.post<CustomField>(fieldsPath(companyId), body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

export function useUpdateCustomField(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CustomFieldUpdateBody & { id: number }) =>
      api.patch<CustomField>(`${fieldsPath(companyId)}/${id}`, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/**
 * Puts fields at new places (`position`), one PATCH each, in turn: how Settings arranges the
 * fields and their sections (docs/decisions/081-custom-field-sections.md). The list is
 * refetched after, also when a PATCH failed halfway.
 */
export function useArrangeCustomFields(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (moves: { id: number; position: number }[]) => {
      for (const { id, position } of moves)
        await api.patch<CustomField>(`${fieldsPath(companyId)}/${id}`, { position });
    },
    onSettled: () => invalidateCrm(queryClient, companyId),
  });
}

/** Renames a section on all its fields in one request (`to` empty: the default group). */
export function useRenameSection(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { record: CustomRecord; from: string; to: string }) =>
      api.post<{ items: CustomField[] }>(`${fieldsPath(companyId)}/sections/rename`, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Deletes a field: its values leave every record at once and can come back for 30 days. */
export function useDeleteCustomField(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${fieldsPath(companyId)}/${id}`),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Fields of a record kind deleted in the last 30 days (owners and admins). */
export function useDeletedCustomFields(companyId: number, record: CustomRecord) {
  return useQuery({
    queryKey: [...fieldsKey(companyId, record), 'deleted'] as const,
    queryFn: ({ signal }) =>
      api.get<DeletedCustomFieldList>(`${fieldsPath(companyId)}/deleted?record=${record}`, { signal }),
    select: (list) => list.items,
  });
}

export function useRestoreCustomField(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CustomField>(`${fieldsPath(companyId)}/${id}/restore`, {}),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Merges one option of a select into another on every record holding it. */
export function useMergeCustomOptions(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CustomOptionMergeBody & { id: number }) =>
      api.post<CustomOptionMergeResult>(`${fieldsPath(companyId)}/${id}/merge-options`, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
