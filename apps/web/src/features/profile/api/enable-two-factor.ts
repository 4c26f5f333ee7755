import type { EnableTwoFactorBody, RecoveryCodes } from '@kontora/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function enableTwoFactor(body: EnableTwoFactorBody): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/me/two-factor/enable', body);
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    // Everything refused for want of two-factor (a company that requires it) may load now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
