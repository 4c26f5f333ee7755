import { MODULE_ID } from '@kontora/contract/limits';
import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/spinner.tsx';
import { NotFound } from '../components/status-pages.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';
import { CompanyFromLink } from './company-from-link.tsx';
import {
  GuestOnly,
  HomeRedirect,
  RequireAuth,
  RequireCompany,
  RequireModule,
  RequireSuperuser,
} from './guards.tsx';
import * as s from './screens.ts';

/** An unknown address keeps the app's frame: menu and top bar when signed in, the account page otherwise. */
function LayoutOfVisitor() {
  const { user } = useSession();
  return user ? <s.MainLayout /> : <s.AccountLayout />;
}

/**
 * Every route of docs/product.md §2 on the hash router. Declarative routes with
 * React.lazy screens: the data router would add ~17 KB gzipped to every page for
 * loaders and actions this app does not use (server data lives in TanStack Query).
 * Navigations run in transitions, so the old screen stays until the new chunk is in.
 */
export function AppRoutes() {
  const p = paths;
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route index element={<HomeRedirect />} />
          <Route element={<s.AccountLayout />}>
            <Route element={<GuestOnly />}>
              <Route path={p.auth.login.path} element={<s.LoginScreen />} />
              <Route path={p.auth.forgotPassword.path} element={<s.ForgotPasswordScreen />} />
            </Route>
            <Route path={p.auth.activate.path} element={<s.ActivateScreen />} />
            <Route path={p.auth.resetPassword.path} element={<s.ResetPasswordScreen />} />
            <Route path={p.auth.invitation.path} element={<s.InvitationScreen />} />
            <Route path={p.approve.path} element={<s.ApprovalScreen />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route element={<s.MainLayout />}>
              <Route element={<CompanyFromLink />}>
                <Route element={<RequireCompany />}>
                  <Route element={<RequireModule module={MODULE_ID.dashboard} />}>
                    <Route path={p.company.dashboard.path} element={<s.DashboardScreen />} />
                  </Route>
                  <Route element={<RequireModule module={MODULE_ID.crmIntegration} />}>
                    <Route path={p.company.crmIntegration.path} element={<s.CrmIntegrationScreen />} />
                  </Route>
                  <Route element={<RequireModule module={MODULE_ID.crm} />}>
                    <Route path={p.company.crm.path} element={<s.CrmDashboardScreen />} />
                    <Route path={p.company.customers.path} element={<s.CustomerListScreen />} />
                    <Route path={p.company.events.path} element={<s.EventsScreen />} />
                    <Route path={p.company.customer.path} element={<s.CustomerScreen />} />
                    <Route path={p.company.calendar.path} element={<s.CalendarScreen />} />
                    <Route path={p.company.duplicates.path} element={<s.DuplicatesScreen />} />
                    <Route path={p.company.deals.path} element={<s.DealsBoardScreen />} />
                    <Route path={p.company.dealList.path} element={<s.DealListScreen />} />
                    <Route path={p.company.deal.path} element={<s.DealScreen />} />
                  </Route>
                  <Route element={<RequireModule module={MODULE_ID.social} />}>
                    <Route path={p.company.social.path} element={<s.SocialScreen />} />
                    <Route path={p.company.socialTab.path} element={<s.SocialScreen />} />
                    <Route path={p.company.socialPost.path} element={<s.SocialScreen />} />
                  </Route>
                  <Route path={p.company.team.path} element={<s.TeamScreen />} />
                </Route>
              </Route>
              {/* Own profile and settings need no company (a person may belong to none yet). */}
              <Route path={p.company.profile.path} element={<s.ProfileScreen />} />
              <Route path={p.company.settings.path} element={<s.SettingsScreen />} />
              <Route path={p.chooseCompany.path} element={<s.CompanyChooserScreen />} />
              <Route
                path={p.admin.dashboard.path}
                element={<Navigate to={p.chooseCompany.href()} replace />}
              />
              <Route element={<RequireSuperuser />}>
                <Route path={p.admin.overview.path} element={<s.AdminOverviewScreen />} />
                <Route path={p.admin.companies.path} element={<s.CompaniesScreen />} />
                <Route path={p.admin.company.path} element={<s.CompanyScreen />} />
                <Route path={p.admin.users.path} element={<s.UsersScreen />} />
                <Route path={p.admin.user.path} element={<s.UserScreen />} />
                <Route path={p.admin.audit.path} element={<s.AuditScreen />} />
                <Route path={p.admin.jobs.path} element={<s.JobsScreen />} />
                <Route path={p.admin.socialNetworks.path} element={<s.SocialNetworksScreen />} />
                <Route path={p.admin.socialNetwork.path} element={<s.SocialNetworkScreen />} />
              </Route>
            </Route>
          </Route>
          <Route element={<LayoutOfVisitor />}>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
