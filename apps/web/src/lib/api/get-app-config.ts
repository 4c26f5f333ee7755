import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type AppConfig = { app_name: string; app_credit: string | null };

export function getAppConfig(): Promise<AppConfig> {
  return api.get<AppConfig>('/app-config');
}

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Number.POSITIVE_INFINITY });

/** Product name and credit line (configuration on the server; docs/product.md §3). */
export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
