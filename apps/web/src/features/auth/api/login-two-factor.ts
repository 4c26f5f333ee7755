import type { LoginData } from '@kontora/contract/auth';
import type { TwoFactorLoginBody } from '@kontora/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The second sign-in step: the challenge token with an authenticator code or a recovery code. */
export function loginTwoFactor(body: TwoFactorLoginBody): Promise<LoginData> {
  return api.post<LoginData>('/login/two-factor', body);
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor });
}
