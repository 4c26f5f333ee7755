import type { RecoveryCodes, RegenerateRecoveryCodesBody } from '@kontora/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { twoFactorQueryOptions } from './get-two-factor.ts';

/** New codes after the password is entered again; the earlier ones stop working. */
export function regenerateRecoveryCodes(body: RegenerateRecoveryCodesBody): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/me/two-factor/recovery-codes', body);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey }),
  });
}
