import type { ActivateBody, ActivationPreview, LoginData } from '@kontora/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const activationUrl = (token: string) => `/activate/${encodeURIComponent(token)}`;

export function activate(token: string, body: ActivateBody): Promise<LoginData> {
  return api.post<LoginData>(activationUrl(token), body);
}

export function useActivate(token: string) {
  return useMutation({ mutationFn: (body: ActivateBody) => activate(token, body) });
}

/** The name the inviter typed and the invitation's language (400 invalid_token for a used or unknown link). */
export function useActivationPreview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['activation', token],
    queryFn: () => api.get<ActivationPreview>(activationUrl(token)),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
