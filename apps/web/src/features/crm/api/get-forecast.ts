import type { Forecast } from '@kontora/contract/deals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';

export type ForecastParams = { pipeline_id?: number; from: string; to: string };

/**
 * The sales forecast. Its key sits under the deals' (so under the CRM's), so a live `deal.*`
 * or `pipeline.*` change refetches it while the dashboard is on show (live-invalidation.ts).
 */
export function useForecast(companyId: number, params: ForecastParams) {
  return useQuery({
    queryKey: [...dealKeys.all(companyId), 'forecast', params],
    queryFn: ({ signal }) => api.get<Forecast>(`${dealsPath(companyId)}/forecast`, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
