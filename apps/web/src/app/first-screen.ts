import { MODULE_ID } from '@kontora/contract/limits';
import { paths } from '../config/paths.ts';
import { requestEarly, requestEarlyAfter } from '../lib/early-requests.ts';
import { loadModule } from '../lib/loaded-modules.ts';
import { readCurrentCompany, readStoredUser } from '../lib/storage.ts';
import { screenModules } from './screen-modules.ts';

type ScreenName = keyof typeof screenModules;

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
  [p.company.customer.path, 'CustomerScreen'],
  [p.company.socialTab.path, 'SocialScreen'],
  [p.company.socialPost.path, 'SocialScreen'],
  [p.admin.company.path, 'CompanyScreen'],
  [p.admin.user.path, 'UserScreen'],
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

let firstScreenCode: Promise<unknown> = Promise.resolve();

/**
 * Settles once the first screen's code (asked for by preloadFirstScreen) has arrived, or failed
 * to: React.lazy then meets the same failure and shows it.
 */
export function firstScreenLoaded(): Promise<unknown> {
  return firstScreenCode;
}

/**
 * Starts loading the first screen's code from the entry, beside the app's libraries
 * rather than after they have arrived and run. React.lazy's later import() of the same
 * module gets the same module; a failed load here is left to it (it shows the error).
 * Every visit asks at once for the product's configuration; a signed-in one also for what
 * the app asks first (the person, and for the main layout the company's modules and the
 * person's companies: the guards and the menu wait for those); see lib/early-requests.ts.
 */
export function preloadFirstScreen(language: string): void {
  const path = location.hash.replace(/^#/, '').split('?')[0] || p.home.path;
  const user = readStoredUser();
  const screens = firstScreens(path, user !== null);
  firstScreenCode = Promise.allSettled(screens.map((name) => loadModule<unknown>(screenModules[name])));
  // Both layouts show the product name from the server's configuration (lib/api/get-app-config.ts):
  // asked beside the code, its answer is there for the first render instead of one round trip after.
  if (screens.length > 0) requestEarly('/api/app-config', user?.token, language);
  if (!user) return;
  // Addresses exactly as lib/api/get-me.ts, get-company-modules.ts and get-my-companies.ts build them.
  requestEarly('/api/me', user.token, language);
  const company = readCurrentCompany();
  if (!screens.includes('MainLayout') || company.id === null) return;
  const modules = `/api/company-modules/${company.id}`;
  requestEarly(modules, user.token, language);
  requestEarly('/api/me/companies?limit=100', user.token, language);
  const base = `/api/companies/${company.id}`;
  /** Asked once the modules answer, when the company has `module`. */
  const after = (module: number, url: string) =>
    requestEarlyAfter(modules, (data) => hasModule(data, module), url, user.token, language);
  if (screens.includes('DashboardScreen')) {
    // The dashboard's largest text is the CRM widget's next to-dos: its figures (address as
    // features/shared/api/get-crm-stats.ts builds it). Then the other widgets' first questions
    // (the social widget's company time zone, accounts and posts; the integration widget's keys,
    // webhooks and connectors), as their api modules build them: asked by the first render, their
    // round trips came after the libraries had run.
    after(MODULE_ID.crm, `${base}/crm/stats`);
    after(MODULE_ID.social, base);
    after(MODULE_ID.social, `${base}/social/accounts`);
    after(MODULE_ID.social, `${base}/social/posts?status=scheduled&limit=5&sort=scheduled`);
    after(MODULE_ID.social, `${base}/social/posts?status=failed&limit=5`);
    after(MODULE_ID.social, `${base}/social/posts?status=partly_failed&limit=5`);
    for (const list of ['api-keys', 'webhooks', 'connectors'])
      after(MODULE_ID.crmIntegration, `${base}/${list}`);
  }
  // The customer list's first questions when the address carries no search or filter: the first
  // page, its count, the saved views and the members (owner names), as features/crm/api and
  // features/shared/api build them.
  if (screens.includes('CustomerListScreen') && !location.hash.includes('?')) {
    for (const url of ['customers?limit=50', 'customers/count', 'customer-views', 'members'])
      after(MODULE_ID.crm, `${base}/${url}`);
  }
}

/** Whether a `/api/company-modules/:id` answer (`{ modules: [{ id }…] }`) lists the module. */
export function hasModule(data: unknown, module: number): boolean {
  const modules = (data as { modules?: unknown } | null)?.modules;
  return Array.isArray(modules) && modules.some((m) => (m as { id?: unknown } | null)?.id === module);
}
