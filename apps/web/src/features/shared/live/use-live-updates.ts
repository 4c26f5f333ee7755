import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { companyModulesQueryOptions } from '../../../lib/api/get-company-modules.ts';
import { useSession } from '../../../lib/session.ts';
import { createInvalidator, keysForAdmin, keysForChange, keysOnLive } from './live-invalidation.ts';
import { LiveSocket } from './live-socket.ts';
import { rememberChange, rememberJob, setLiveStatus } from './live-store.ts';

/**
 * Keeps one live connection for the signed-in person's current company while
 * the app shell is open, and turns its messages into query invalidations. A
 * superuser keeps one without a company too: the admin screens need none.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { user, company } = useSession();
  const token = user?.token;
  const isSuperuser = Boolean(user?.is_admin);
  const companyId = company.id;
  useEffect(() => {
    if (!token || (companyId === null && !isSuperuser) || typeof WebSocket === 'undefined') return;
    const invalidate = createInvalidator(queryClient);
    const socket = new LiveSocket(token, companyId, {
      onChange(change) {
        rememberChange(change);
        if (companyId !== null) invalidate(keysForChange(change.type, companyId));
      },
      onJob: rememberJob,
      onAdmin: () => invalidate(keysForAdmin()),
      onResync: () => void queryClient.invalidateQueries(),
      onAccessChanged: () => invalidate([companyModulesQueryOptions(companyId).queryKey]),
      onStatus(status) {
        setLiveStatus(status);
        if (status === 'live')
          for (const queryKey of keysOnLive(companyId, isSuperuser))
            void queryClient.invalidateQueries({ queryKey });
      },
    });
    socket.start();
    return () => {
      socket.stop();
      setLiveStatus(null);
    };
  }, [queryClient, token, companyId, isSuperuser]);
}
