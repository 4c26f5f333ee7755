import { paths } from '../config/paths.ts';
import type { screenModules } from './screen-modules.ts';

/**
 * Which layout and screen an address shows first, decided without loading anything: used by
 * the entry (app/first-screen.ts) and by the script the build writes into index.html, which
 * asks for those screens' files while the document is still being read
 * (build/first-screen-hints.ts). Imports nothing at run time but the route table.
 */
export type ScreenName = keyof typeof screenModules;

const p = paths;

/** The account layout's screens (app/router.tsx); login and "forgot password" are for signed-out visitors only. */
const ACCOUNT_SCREENS: readonly (readonly [path: string, screen: ScreenName, guestOnly: boolean])[] = [
  [p.auth.login.path, 'LoginScreen', true],
  [p.auth.forgotPassword.path, 'ForgotPasswordScreen', true],
  [p.auth.activate.path, 'ActivateScreen', false],
  [p.auth.resetPassword.path, 'ResetPasswordScreen', false],
  [p.auth.invitation.path, 'InvitationScreen', false],
  [p.approve.path, 'ApprovalScreen', false],
];

/** The main layout's screens (signed in); addresses without parameters first, as the router ranks them. */
const MAIN_SCREENS: readonly (readonly [path: string, screen: ScreenName])[] = [
  [p.company.dashboard.path, 'DashboardScreen'],
  [p.company.crmIntegration.path, 'CrmIntegrationScreen'],
  [p.company.crm.path, 'CrmDashboardScreen'],
  [p.company.customers.path, 'CustomerListScreen'],
  [p.company.events.path, 'EventsScreen'],
  [p.company.duplicates.path, 'DuplicatesScreen'],
  [p.company.calendar.path, 'CalendarScreen'],
  [p.company.deals.path, 'DealsBoardScreen'],
  [p.company.dealList.path, 'DealListScreen'],
  [p.company.social.path, 'SocialScreen'],
  [p.company.team.path, 'TeamScreen'],
  [p.company.profile.path, 'ProfileScreen'],
  [p.company.settings.path, 'SettingsScreen'],
  [p.chooseCompany.path, 'CompanyChooserScreen'],
  [p.admin.overview.path, 'AdminOverviewScreen'],
  [p.admin.companies.path, 'CompaniesScreen'],
  [p.admin.users.path, 'UsersScreen'],
  [p.admin.audit.path, 'AuditScreen'],
  [p.admin.jobs.path, 'JobsScreen'],
  [p.admin.socialNetworks.path, 'SocialNetworksScreen'],
  [p.company.customer.path, 'CustomerScreen'],
  [p.company.deal.path, 'DealScreen'],
  [p.company.socialTab.path, 'SocialScreen'],
  [p.company.socialPost.path, 'SocialScreen'],
  [p.admin.company.path, 'CompanyScreen'],
  [p.admin.user.path, 'UserScreen'],
  [p.admin.socialNetwork.path, 'SocialNetworkScreen'],
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
}

/**
 * The layout and screen the router will render first at this address (the part of the
 * hash before any `?`), as app/router.tsx and its guards decide: a signed-out visit to
 * a signed-in screen ends on the login screen; where the signed-in home is depends on the
 * company's modules, so only its layout is known. Nothing for an unknown address.
 */
export function firstScreens(path: string, signedIn: boolean): ScreenName[] {
  const account = ACCOUNT_SCREENS.find(([pattern]) => matches(pattern, path));
  if (account && !(account[2] && signedIn)) return ['AccountLayout', account[1]];
  const main = MAIN_SCREENS.find(([pattern]) => matches(pattern, path));
  const home = path === p.home.path || account !== undefined;
  if (!signedIn) return main || home ? ['AccountLayout', 'LoginScreen'] : [];
  if (main) return ['MainLayout', main[1]];
  return home ? ['MainLayout'] : [];
}

/** The path part of an address's hash (`#/company/customer/list?q=x` → `/company/customer/list`). */
export function pathOfHash(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || p.home.path;
}
