import { MODULE_ID } from '@kontora/contract/limits';
import { requestEarly, requestEarlyAfter } from '../lib/early-requests.ts';
import { loadModule } from '../lib/loaded-modules.ts';
import { readCurrentCompany, readStoredUser } from '../lib/storage.ts';
import { firstScreens, pathOfHash } from './first-screen-route.ts';
import { screenModules } from './screen-modules.ts';

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
  const path = pathOfHash(location.hash);
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
  // A customer's or deal's page: its largest text is the record's name, so the record itself
  // (as features/crm/api/get-customer.ts and features/deals/api/get-deal.ts build the address).
  // Asked by the first render, it came a round trip after the libraries had run. Not for a link
  // with a query (`?company=` may name another company than the stored one).
  const record = /^\/company\/(customer|deal)\/(\d+)$/.exec(path);
  if (record && !location.hash.includes('?')) after(MODULE_ID.crm, `${base}/${record[1]}s/${record[2]}`);
}

/** Whether a `/api/company-modules/:id` answer (`{ modules: [{ id }…] }`) lists the module. */
export function hasModule(data: unknown, module: number): boolean {
  const modules = (data as { modules?: unknown } | null)?.modules;
  return Array.isArray(modules) && modules.some((m) => (m as { id?: unknown } | null)?.id === module);
}
