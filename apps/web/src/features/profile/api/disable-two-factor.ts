import type { DisableTwoFactorBody } from '@kontora/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { twoFactorQueryOptions } from './get-two-factor.ts';

export function disableTwoFactor(body: DisableTwoFactorBody): Promise<{ enabled: false }> {
  return api.post<{ enabled: false }>('/me/two-factor/disable', body);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey }),
  });
}
