import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { Forbidden, ModuleNotEnabled } from '../components/status-pages.tsx';
import { companyHome, paths } from '../config/paths.ts';
import { useCompanyModules } from '../lib/api/get-company-modules.ts';
import { isApiError } from '../lib/api-client.ts';
import { forgetCompany, useSession } from '../lib/session.ts';
import { returnPath } from './return-path.ts';

/** A signed-out visit leads to login, remembering where it was going. */
export function RequireAuth() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    return (
      <Navigate to={paths.auth.login.href()} replace state={{ from: location.pathname + location.search }} />
    );
  }
  return <Outlet />;
}

/**
 * Login and "forgot password" make no sense when signed in: a sign-in on the login
 * screen lands here too, and goes on to where the visit was going, else to `#/`.
 */
export function GuestOnly() {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={returnPath(location.state) ?? paths.home.href()} replace />;
  return <Outlet />;
}

/** A company route with no current company leads to the company chooser. */
export function RequireCompany() {
  const { company } = useSession();
  const modules = useCompanyModules(company.id);
  // The company requires two-factor sign-in and this member has none yet: lead them to enrol, keeping the company.
  const needsTwoFactor = isApiError(modules.error) && modules.error.code === 'two_factor_required';
  const notMember = isApiError(modules.error) && modules.error.status === 403 && !needsTwoFactor;
  useEffect(() => {
    // The stored company is no longer open to this person (membership removed).
    if (notMember) forgetCompany();
  }, [notMember]);
  if (needsTwoFactor) {
    return (
      <Navigate
        to={paths.company.profile.href()}
        replace
        state={{ twoFactorRequiredBy: company.name ?? '' }}
      />
    );
  }
  if (company.id === null || notMember) return <Navigate to={paths.chooseCompany.href()} replace />;
  return <Outlet />;
}

/**
 * A module's screens. While the module list loads a spinner shows; when the call
 * failed, the screen shows anyway (the server still refuses what is not allowed).
 */
export function RequireModule({ module }: { module: number }) {
  const { company } = useSession();
  const modules = useCompanyModules(company.id);
  if (modules.isPending && modules.fetchStatus !== 'idle') return <PageSpinner />;
  if (modules.data && !modules.data.includes(module)) return <ModuleNotEnabled />;
  return <Outlet />;
}

/** Superuser-only routes refuse members with a clear page. */
export function RequireSuperuser() {
  const { user } = useSession();
  if (!user?.is_admin) return <Forbidden />;
  return <Outlet />;
}

/** `#/`: signed in → the current company's home (or the chooser); else login. */
export function HomeRedirect() {
  const { user, company } = useSession();
  const modules = useCompanyModules(company.id);
  if (!user) return <Navigate to={paths.auth.login.href()} replace />;
  if (company.id === null) return <Navigate to={paths.chooseCompany.href()} replace />;
  if (modules.isPending) return <PageSpinner />;
  return <Navigate to={companyHome(modules.data ?? [])} replace />;
}
