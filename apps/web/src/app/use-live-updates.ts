import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_KEY } from '../features/notifications/api/notifications-key.ts';
import {
  createInvalidator,
  keysForAdmin,
  keysForChange,
  keysForJob,
  keysOnLive,
} from '../features/shared/live/live-invalidation.ts';
import { LiveSocket } from '../features/shared/live/live-socket.ts';
import { rememberChange, rememberJob, setLiveStatus } from '../features/shared/live/live-store.ts';
import { companyModulesQueryOptions } from '../lib/api/get-company-modules.ts';
import { useSession } from '../lib/session.ts';

/**
 * Keeps one live connection for the signed-in person's current company while
 * the app shell is open, and turns its messages (changes, settings notices,
 * followed jobs' state changes) into query invalidations. A
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
    let wasLive = false;
    const socket = new LiveSocket(token, companyId, {
      onChange(change) {
        rememberChange(change);
        if (companyId !== null) invalidate(keysForChange(change.type, companyId));
      },
      onJob(job) {
        const previous = rememberJob(job);
        if (companyId !== null) invalidate(keysForJob(job, previous, companyId));
      },
      onAdmin: (notice) => invalidate(keysForAdmin(notice.kind, companyId)),
      onNotification: () => invalidate([NOTIFICATIONS_KEY]),
      onResync: () => void queryClient.invalidateQueries(),
      onAccessChanged: () => invalidate([companyModulesQueryOptions(companyId).queryKey]),
      onStatus(status) {
        setLiveStatus(status);
        if (status !== 'live') return;
        // Through the batching invalidator: several setting kinds name the same list.
        // Notifications that came while the socket was down are not replayed: read them again.
        invalidate([...keysOnLive(companyId, isSuperuser, wasLive), ...(wasLive ? [NOTIFICATIONS_KEY] : [])]);
        wasLive = true;
      },
    });
    socket.start();
    return () => {
      socket.stop();
      setLiveStatus(null);
    };
  }, [queryClient, token, companyId, isSuperuser]);
}
