import type { RequestResetBody } from '@kontora/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Answers `{sent: true}` whether or not the account exists. */
export function requestReset(body: RequestResetBody): Promise<{ sent: boolean }> {
  return api.post<{ sent: boolean }>('/request-reset-password', body);
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
