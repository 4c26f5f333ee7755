import type { ResetPasswordBody } from '@kontora/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function resetPassword(token: string, body: ResetPasswordBody): Promise<{ reset: boolean }> {
  return api.post<{ reset: boolean }>(`/reset-password/${encodeURIComponent(token)}`, body);
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => resetPassword(token, body) });
}
