import type { LoginBody, LoginData } from '@kontora/contract/auth';
import type { TwoFactorChallenge } from '@kontora/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A person with two-factor sign-in gets a challenge (`next_step: "two_factor"`) instead of a session. */
export function login(body: LoginBody): Promise<LoginData | TwoFactorChallenge> {
  return api.post<LoginData | TwoFactorChallenge>('/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
