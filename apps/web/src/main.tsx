// Only the Bootstrap the screens use (apps/web/build/lean-bootstrap.ts); first, so our styles win.
import 'virtual:bootstrap.css';
import './lib/zod-jitless.ts';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { UnauthorizedHandler } from './app/unauthorized-handler.tsx';
import { initI18n } from './lib/i18n.ts';
import { applyPreferences } from './lib/preferences-dom.ts';
import { createQueryClient } from './lib/query-client.ts';
import { getSession } from './lib/session.ts';
import { rememberInitialScreenWidth } from './lib/storage.ts';

rememberInitialScreenWidth();
// Before the first paint, so a dark theme does not flash light.
applyPreferences(getSession().user?.preferences ?? null);
initI18n();

const queryClient = createQueryClient();
const root = document.getElementById('root');
if (root) {
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
}
