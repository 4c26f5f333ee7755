import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session.ts';
import { createInvalidator, keysForChange } from './live-invalidation.ts';
import { LiveSocket } from './live-socket.ts';
import { rememberChange, rememberJob, setLiveStatus } from './live-store.ts';

/**
 * Keeps one live connection for the signed-in person's current company while
 * the app shell is open, and turns its messages into query invalidations.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { user, company } = useSession();
  const token = user?.token;
  const companyId = company.id;
  useEffect(() => {
    if (!token || companyId === null || typeof WebSocket === 'undefined') return;
    const invalidate = createInvalidator(queryClient);
    const socket = new LiveSocket(token, companyId, {
      onChange(change) {
        rememberChange(change);
        invalidate(keysForChange(change.type, companyId));
      },
      onJob: rememberJob,
      onResync: () => void queryClient.invalidateQueries(),
      onAccessChanged: () => invalidate([['company-modules', companyId]]),
      onStatus(status) {
        setLiveStatus(status);
        // Job events are not in the change feed, so a resume does not replay them: what a job
        // did while the socket was down (or before it first came up) is read again.
        if (status === 'live') void queryClient.invalidateQueries({ queryKey: ['company-job', companyId] });
      },
    });
    socket.start();
    return () => {
      socket.stop();
      setLiveStatus(null);
    };
  }, [queryClient, token, companyId]);
}
