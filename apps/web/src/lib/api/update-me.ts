import type { SessionUser } from '@kontora/contract/auth';
import type { UpdateMeBody } from '@kontora/contract/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { updateUser } from '../session.ts';

/** PATCH /api/me: name, language and layout preferences (used by the profile, settings and top bar). */
export function updateMe(body: UpdateMeBody): Promise<SessionUser> {
  return api.patch<SessionUser>('/me', body);
}

export function useUpdateMe() {
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => updateUser(user),
  });
}
