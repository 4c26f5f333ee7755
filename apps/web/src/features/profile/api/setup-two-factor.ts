import type { TwoFactorSetup } from '@kontora/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A new secret; two-factor stays off until a code from it is confirmed. */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/me/two-factor/setup');
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
