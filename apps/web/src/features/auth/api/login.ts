import type { LoginBody, LoginData } from '@kontora/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function login(body: LoginBody): Promise<LoginData> {
  return api.post<LoginData>('/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
