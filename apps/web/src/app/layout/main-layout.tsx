import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { Offcanvas } from '../../components/offcanvas.tsx';
import { PreferencesForm } from '../../components/preferences-form.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useCompanyModules } from '../../lib/api/get-company-modules.ts';
import { usePreferences } from '../../lib/preferences.ts';
import { useSession } from '../../lib/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useLiveUpdates } from '../use-live-updates.ts';
import '../styles/layout-colors.css';
import '../styles/layout.css';
import '../styles/topbar.css';
import '../styles/menu.css';
import { Footer } from './footer.tsx';
import { MenuTree } from './menu-tree.tsx';
import { HorizontalNav, Sidebar } from './sidebar.tsx';
import { Topbar } from './topbar.tsx';

/** A failed company-modules call stays quiet and is tried again on the next navigation (docs/product.md §4). */
function useRetryModulesOnNavigation(): void {
  const location = useLocation();
  const { company } = useSession();
  const modules = useCompanyModules(company.id);
  const { isError, refetch } = modules;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (location.key), by design.
  useEffect(() => {
    if (isError) void refetch();
  }, [location.key]);
}

/**
 * Whether the layout's own menu shows at this width: below its breakpoint in layout.css the
 * off-canvas menu takes over and the sidebar or bar is `display: none`. Left unrendered there,
 * a phone's first render spares every menu entry (each a router link with its translation).
 */
function useMenuShown(layout: string): boolean {
  const narrow = useMediaQuery(layout === 'horizontal' ? '(max-width: 992px)' : '(max-width: 768px)');
  return !narrow;
}

/** Top bar, menu (sidebar or horizontal bar), content, footer, and the two side panels. */
export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { preferences } = usePreferences();
  const menuShown = useMenuShown(preferences.layout);
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useRetryModulesOnNavigation();
  useLiveUpdates();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the off-canvas menu.
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <div className="kt-layout">
      <button
        type="button"
        className="kt-skip-link btn"
        onClick={() => document.getElementById('main-content')?.focus()}
      >
        {t('layout.skipToContent')}
      </button>
      <Topbar
        menuOpen={menuOpen}
        settingsOpen={settingsOpen}
        onOpenMenu={() => setMenuOpen(true)}
        onOpenSettings={() => setSettingsOpen(true)}
      />
      {menuShown && (preferences.layout === 'horizontal' ? <HorizontalNav /> : <Sidebar />)}
      <div className="kt-main">
        <main id="main-content" className="kt-content" tabIndex={-1}>
          <div className="kt-container">
            {/* A screen that fails to load or render leaves the menu and top bar usable. */}
            <ErrorBoundary resetKey={location.pathname} placement="content">
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </main>
        <Footer />
      </div>
      <Offcanvas
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        placement="start"
        title={t('menu.label')}
        className="kt-mobile-menu"
      >
        <nav aria-label={t('menu.label')}>
          <MenuTree orientation="vertical" />
        </nav>
      </Offcanvas>
      <Offcanvas
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        placement="end"
        title={t('settings.panelTitle')}
      >
        <PreferencesForm />
      </Offcanvas>
    </div>
  );
}
