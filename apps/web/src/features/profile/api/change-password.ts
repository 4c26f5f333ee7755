import type { ChangePasswordBody } from '@kontora/contract/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Ends every other session of the person; this one stays signed in. */
export function changePassword(body: ChangePasswordBody): Promise<{ changed: boolean }> {
  return api.post<{ changed: boolean }>('/me/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
