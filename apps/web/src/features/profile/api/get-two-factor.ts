import type { TwoFactorStatus } from '@kontora/contract/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getTwoFactor(): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/me/two-factor');
}

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'two-factor'], queryFn: getTwoFactor });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
