import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import { Brand } from './brand.tsx';
import { Footer } from './footer.tsx';
import { LanguageMenu } from './language-menu.tsx';

/** Login, activation and password screens: a centred card, no menu. */
export function AccountLayout() {
  return (
    <div className="kt-account">
      <header className="kt-account-header">
        <Brand />
        <LanguageMenu toggleClassName="btn btn-sm kt-lang-toggle" />
      </header>
      <main className="kt-account-main">
        <div className="card kt-card kt-account-card">
          <div className="card-body p-4 p-sm-5">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
