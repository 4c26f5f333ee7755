import {
  firstScreenAsked,
  noteFirstScreenAsked,
  requestEarly,
  requestEarlyAfter,
} from '../lib/early-requests.ts';
import { readCurrentCompany, readStoredUser } from '../lib/storage.ts';
import { firstScreens, pathOfHash } from './first-screen-route.ts';

/**
 * Asks for the first screen's answers before the app has loaded (lib/early-requests.ts): every
 * visit the product's configuration; a signed-in one also what the app asks first (the person,
 * and for the main layout the company's modules and the person's companies: the guards and the
 * menu wait for those), then what the screen shows first. Called by the document's inline
 * script (app/first-screen-hints.ts), so the questions leave while the libraries download
 * instead of once they have run, and by the entry, which asks only what the script did not
 * (docs/decisions/110-document-asks-for-first-answers.md).
 */
export function askFirstScreenData(language: string): void {
  if (firstScreenAsked()) return;
  const path = pathOfHash(location.hash);
  const user = readStoredUser();
  const screens = firstScreens(path, user !== null);
  // Both layouts show the product name from the server's configuration (lib/api/get-app-config.ts).
  if (screens.length > 0) requestEarly('/api/app-config', user?.token, language);
  if (user) askSignedIn(path, screens, user.token, language);
  noteFirstScreenAsked();
}

function askSignedIn(path: string, screens: string[], token: string, language: string): void {
  // Addresses exactly as lib/api/get-me.ts, get-company-modules.ts and get-my-companies.ts build them.
  requestEarly('/api/me', token, language);
  const company = readCurrentCompany();
  if (!screens.includes('MainLayout') || company.id === null) return;
  const modules = `/api/company-modules/${company.id}`;
  requestEarly(modules, token, language);
  requestEarly('/api/me/companies?limit=100', token, language);
  // The top bar's bell (features/notifications/api/get-unread-count.ts).
  requestEarly('/api/me/notifications/unread-count', token, language);
  // A search or filter in the address changes the screen's questions, and `?company=` may
  // name another company than the stored one: such an address asks only the layout's.
  if (location.hash.includes('?')) return;
  // Asked with the layout's, in the same request (lib/early-requests.ts): a module the company
  // lacks answers 403, which no screen of that module is shown to take.
  const { questions, followUp } = screenQuestions(path, screens, `/api/companies/${company.id}`);
  for (const url of questions) requestEarly(url, token, language);
  if (followUp) void requestEarlyAfter(followUp.after, followUp.next, token, language);
}

/** A screen's first questions, and the questions drawn from one of their answers once it has arrived (`followUp`). */
type ScreenQuestions = {
  questions: string[];
  followUp?: { after: string; next: (data: unknown) => string[] };
};

/**
 * What the address's screen asks for before it can show its largest text: addresses exactly as
 * the screens' api modules build them (a first load asks each once: `countApiRequests` in the
 * browser stories). Answers that need today's date (the calendar's week, the forecast's months)
 * are left to the screens.
 */
function screenQuestions(path: string, screens: string[], base: string): ScreenQuestions {
  const record = /^\/company\/(customer|deal)\/(\d+)$/.exec(path);
  if (record?.[1] === 'customer') {
    const customer = `${base}/customers/${record[2]}`;
    const questions = [
      // The page's largest text is the customer's name.
      customer,
      `${base}/members`,
      `${base}/custom-fields?record=customer`,
      `${customer}/people?limit=25`,
      `${base}/deals?customer_id=${record[2]}&sort=updated_at&dir=desc&limit=20`,
      `${base}/pipelines`,
      base,
      `${base}/events?customer_id=${record[2]}&dir=asc&limit=50&filter=open`,
      `${customer}/timeline`,
      `${base}/emails/scheduled`,
      `${customer}/emails`,
    ];
    return { questions };
  }
  if (record?.[1] === 'deal') {
    const deal = `${base}/deals/${record[2]}`;
    const questions = [
      deal,
      `${base}/pipelines`,
      `${base}/members`,
      `${base}/custom-fields?record=deal`,
      base,
      `${base}/events?deal_id=${record[2]}&dir=asc&limit=50&filter=open`,
      `${deal}/timeline?limit=30`,
      `${base}/emails/scheduled`,
      `${deal}/emails`,
    ];
    // Its people, each asked by id once the deal has answered (features/deals/api/get-deal-people.ts).
    return { questions, followUp: { after: deal, next: (data) => peopleOf(data, base) } };
  }
  if (screens.includes('DashboardScreen')) {
    // The dashboard's largest text is the CRM widget's next to-dos: its figures. Then the other
    // widgets' first questions (the social widget's company time zone, accounts and posts; the
    // integration widget's keys, webhooks and connectors).
    const questions = [
      `${base}/crm/stats`,
      base,
      `${base}/social/accounts`,
      `${base}/social/posts?status=scheduled&limit=5&sort=scheduled`,
      `${base}/social/posts?status=failed&limit=5`,
      `${base}/social/posts?status=partly_failed&limit=5`,
      ...['api-keys', 'webhooks', 'connectors'].map((list) => `${base}/${list}`),
    ];
    return { questions };
  }
  // The customer list: the first page, its count, the saved views, the members (owner names)
  // and the company's own fields (filters and columns).
  if (screens.includes('CustomerListScreen')) {
    const lists = [
      'customers?limit=50',
      'customers/count',
      'customer-views',
      'members',
      'custom-fields?record=customer',
    ];
    return { questions: lists.map((url) => `${base}/${url}`) };
  }
  if (screens.includes('DealsBoardScreen')) {
    const pipelines = `${base}/pipelines`;
    return {
      questions: [`${base}/members`, pipelines, `${base}/custom-fields?record=deal`],
      // The board shows the first pipeline when the address names none (deals-board-screen.tsx).
      followUp: { after: pipelines, next: (data) => firstBoardOf(data, base) },
    };
  }
  if (screens.includes('CrmDashboardScreen'))
    return { questions: [`${base}/crm/stats`, `${base}/pipelines`] };
  if (screens.includes('EventsScreen'))
    return { questions: [base, `${base}/events?dir=asc&limit=50&filter=open`] };
  if (screens.includes('CalendarScreen')) return { questions: [base, `${base}/calendar-feed`] };
  if (path === '/company/social/posts') {
    const urls = [
      `${base}/social/posts?limit=25`,
      `${base}/social/accounts`,
      `${base}/members`,
      '/api/company-social-integration-types',
      base,
    ];
    return { questions: urls };
  }
  return { questions: [] };
}

/** The customer addresses of a deal answer's people (`{ customer_ids: number[] }`), none from a malformed one. */
export function peopleOf(data: unknown, base: string): string[] {
  const ids = (data as { customer_ids?: unknown } | null)?.customer_ids;
  if (!Array.isArray(ids)) return [];
  return ids.filter((id): id is number => Number.isInteger(id)).map((id) => `${base}/customers/${id}`);
}

/** The board address of a pipelines answer's first pipeline (`{ items: [{ id }] }`), none from a malformed one. */
export function firstBoardOf(data: unknown, base: string): string[] {
  const first: unknown = (data as { items?: unknown[] } | null)?.items?.[0];
  const id = (first as { id?: unknown } | null)?.id;
  return Number.isInteger(id) ? [`${base}/pipelines/${id}/board?per_column=25`] : [];
}
