import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { Brand } from './brand.tsx';
import { Footer } from './footer.tsx';
import { LanguageMenu } from './language-menu.tsx';

/** Login, activation and password screens: a centred card, no menu. */
export function AccountLayout() {
  const location = useLocation();
  return (
    <div className="kt-account">
      <header className="kt-account-header">
        <Brand />
        <LanguageMenu toggleClassName="btn btn-sm kt-lang-toggle" />
      </header>
      <main className="kt-account-main">
        <div className="card kt-card kt-account-card">
          <div className="card-body p-4 p-sm-5">
            <ErrorBoundary resetKey={location.pathname} placement="content">
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
