/**
 * Links into a company's screens name their company in the hash route's query
 * (`#/company/customer/12?company=3`): opening one switches the browser to that company
 * when the person may open it, so a mailed or bookmarked link shows its record whatever
 * company was current. Without zod: the web app reads it on every company screen
 * (docs/decisions/021-lean-css-and-first-paint.md).
 */
export const COMPANY_LINK_PARAM = 'company';

/** Largest id a link may name: company ids are positive 32-bit integers. */
const MAX_COMPANY_ID = 2 ** 31 - 1;

/**
 * The hash route `route` (e.g. `/company/calendar` or `/company/calendar?date=2030-06-05`)
 * naming its company; with `appUrl` the whole address (`https://crm.example.com/#/…`).
 */
export function companyLink(route: string, companyId: number, appUrl = ''): string {
  const joiner = route.includes('?') ? '&' : '?';
  return `${appUrl}${appUrl ? '/' : ''}#${route}${joiner}${COMPANY_LINK_PARAM}=${companyId}`;
}

/** The company a route's query (`?x=1&company=3`, with or without the `?`) names, or null if none or malformed. */
export function linkedCompanyId(search: string): number | null {
  const raw = new URLSearchParams(search).get(COMPANY_LINK_PARAM);
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_COMPANY_ID ? id : null;
}
