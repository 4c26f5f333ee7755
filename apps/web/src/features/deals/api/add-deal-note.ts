import type { DealTimelineEntry } from '@kontora/contract/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';

/** `POST …/deals/{id}/notes`: a note on the deal's timeline. */
export function useAddDealNote(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<string>) =>
      api.post<DealTimelineEntry>(`${dealsPath(companyId)}/${id}/notes`, { body }, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.timeline(companyId, id) }),
  });
}
