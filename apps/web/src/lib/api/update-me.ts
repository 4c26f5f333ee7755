import type { SessionUser } from '@kontora/contract/auth';
import type { UpdateMeBody } from '@kontora/contract/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { updateUser } from '../session.ts';

/** PATCH /api/me: name, language and layout preferences (used by the profile, settings and top bar). */
export function updateMe(body: UpdateMeBody): Promise<SessionUser> {
  return api.patch<SessionUser>('/me', body);
}

/** Changes asked for so far in this tab; an answer is applied only if it is the newest one's. */
let asked = 0;

/**
 * Two quick changes (a layout, then a top bar colour) must end as the second: the
 * requests run one after another (one mutation scope, so the server applies them in
 * order), and the first one's answer, which does not have the second change yet, is
 * not put on screen over it.
 */
export function useUpdateMe() {
  return useMutation({
    scope: { id: 'update-me' },
    mutationFn: updateMe,
    onMutate: () => ++asked,
    onSuccess: (user, _body, change) => {
      if (change === asked) updateUser(user);
    },
  });
}
