import type { LostReasons } from '@kontora/contract/deals';
import type {
  Pipeline,
  PipelineCreateInput,
  PipelineUpdateBody,
  StagesPutInput,
} from '@kontora/contract/pipelines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { dealKeys, lostReasonsPath, pipelinesPath } from '../../shared/api/deal-keys.ts';

/**
 * Owners' and admins' changes to the pipelines and their stages: every deal screen reads them
 * (columns, stage names, the forms' choices), so a change refetches the CRM on show.
 */
function usePipelineWrite<T, R>(companyId: number, send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => invalidateCrm(queryClient, companyId) });
}

export const useCreatePipeline = (companyId: number) =>
  usePipelineWrite(companyId, (body: PipelineCreateInput) =>
    api.post<Pipeline>(pipelinesPath(companyId), body),
  );

export const useUpdatePipeline = (companyId: number) =>
  usePipelineWrite(companyId, ({ id, ...body }: PipelineUpdateBody & { id: number }) =>
    api.patch<Pipeline>(`${pipelinesPath(companyId)}/${id}`, body),
  );

/** The whole ordered stage list; 409 `stage_has_deals` when a removed stage holds deals and `move_deals_to` is missing. */
export const usePutStages = (companyId: number) =>
  usePipelineWrite(companyId, ({ id, ...body }: StagesPutInput & { id: number }) =>
    api.put<Pipeline>(`${pipelinesPath(companyId)}/${id}/stages`, body),
  );

export function usePutLostReasons(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: string[]) => api.put<LostReasons>(lostReasonsPath(companyId), { items }),
    onSuccess: (data) => queryClient.setQueryData(dealKeys.lostReasons(companyId), data),
  });
}

/** Deletes a pipeline; its deals (if any) go to `moveTo` (409 `pipeline_has_deals` without it). */
export const useDeletePipeline = (companyId: number) =>
  usePipelineWrite(companyId, ({ id, moveTo }: { id: number; moveTo: number | null }) =>
    api.delete<void>(
      `${pipelinesPath(companyId)}/${id}${moveTo === null ? '' : `?move_deals_to_pipeline=${moveTo}`}`,
    ),
  );
