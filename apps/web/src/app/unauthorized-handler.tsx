import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { errorMessage } from '../lib/errors.ts';
import { signOutLocally } from '../lib/session.ts';

/**
 * Any 401 on a signed-in request signs out here (docs/product.md §4). RequireAuth then
 * takes the open screen to `#/login` (remembering it for after the next sign-in),
 * where the reason is shown.
 */
export function UnauthorizedHandler() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler((error) => {
      signOutLocally(errorMessage(t, error));
      queryClient.clear();
    });
  }, [t, queryClient]);
  return null;
}
