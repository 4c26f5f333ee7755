/** The app itself, loaded by the entry (main.tsx) beside the first screen's code and translations. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { initI18n } from '../lib/i18n.ts';
import { applyPreferences, systemDarkQuery } from '../lib/preferences-dom.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { getSession } from '../lib/session.ts';
import { rememberInitialScreenWidth } from '../lib/storage.ts';
import { firstScreenLoaded } from './first-screen.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';
import { UnauthorizedHandler } from './unauthorized-handler.tsx';

rememberInitialScreenWidth();
// Before the first paint, so a dark theme does not flash light.
applyPreferences(getSession().user?.preferences ?? null);
// Signed out, the page follows the system's light/dark setting when it changes.
systemDarkQuery().addEventListener('change', () => applyPreferences(getSession().user?.preferences ?? null));
const translations = initI18n();

const queryClient = createQueryClient();
const root = document.getElementById('root');
// The first render waits for the first screen's code and the translations, which the entry asked
// for beside this chunk. Rendered earlier, it would suspend on them and show the spinner, and
// React holds content back for up to 300 ms after a spinner has shown (its fallback throttle):
// the page painted ~250 ms after its code had arrived (login and dashboard, measured).
if (root) void Promise.all([firstScreenLoaded(), translations]).then(() => render(root));

function render(root: HTMLElement): void {
  // The first render as a transition: React renders it in slices of a few milliseconds and lets
  // the browser in between (taps, the network's callbacks), instead of one long task that keeps a
  // phone's main thread busy for hundreds of milliseconds (docs/decisions/021-lean-css-and-first-paint.md).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <HashRouter>
            <UnauthorizedHandler />
            <AppRoutes />
          </HashRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}
