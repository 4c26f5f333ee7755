import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { BootSpinner } from '../components/spinner.tsx';
import { Toaster } from '../components/toaster.tsx';
import { useMe } from '../lib/api/get-me.ts';
import { applyPreferences } from '../lib/preferences-dom.ts';
import { updateUser, useSession } from '../lib/session.ts';

/** Keeps `<html>` data attributes in step with the signed-in person's preferences. */
function PreferencesEffect() {
  const { user } = useSession();
  const key = JSON.stringify(user?.preferences ?? null);
  useLayoutEffect(() => applyPreferences(JSON.parse(key)), [key]);
  return null;
}

/**
 * On load, refreshes the stored person from `GET /api/me`: name and preferences
 * changed in another browser arrive, and a token that expired meanwhile ends here
 * (401 → back to login with the reason).
 */
function SessionRefresh() {
  const { user } = useSession();
  const me = useMe(Boolean(user));
  useEffect(() => {
    if (me.data) updateUser(me.data);
  }, [me.data]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesEffect />
      <SessionRefresh />
      <Suspense fallback={<BootSpinner />}>
        {children}
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
