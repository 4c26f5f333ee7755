import type { ActivateBody, LoginData } from '@kontora/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function activate(token: string, body: ActivateBody): Promise<LoginData> {
  return api.post<LoginData>(`/activate/${encodeURIComponent(token)}`, body);
}

export function useActivate(token: string) {
  return useMutation({ mutationFn: (body: ActivateBody) => activate(token, body) });
}
