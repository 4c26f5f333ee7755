import { FREE_MAIL_DOMAINS } from '@kontora/contract/mail-exclusions';
import type { Database } from '../../db/database.ts';
import { hiddenImportsOf, visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { customersByEmail } from './mailboxes.repository.ts';

/** Domains per query: each is two LIKE conditions. */
const DOMAINS_PER_QUERY = 50;

/** The domain of a website as people write it: `https://www.BigCorp.com:443/about` → `bigcorp.com`. */
export function websiteDomain(website: string): string | null {
  const host = (
    website
      .trim()
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .split(/[/?#]/)[0] ?? ''
  )
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return host.includes('.') ? host : null;
}

const emailDomain = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? null
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

/** The company's organisation customers whose email or website is at one of these domains, by domain. */
export async function organisationsByDomain(
  db: Database,
  companyId: number,
  domains: string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  // Only plain host names reach a LIKE pattern: no `%` or `_` of an odd address widens it.
  const plain = domains.filter((d) => /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(d) && !FREE_MAIL_DOMAINS.has(d));
  const hidden = plain.length ? await hiddenImportsOf(db, companyId, ['customers']) : [];
  for (let i = 0; i < plain.length; i += DOMAINS_PER_QUERY) {
    const wanted = new Set(plain.slice(i, i + DOMAINS_PER_QUERY));
    const query = db
      .selectFrom('customers')
      .select(['id', 'email', 'website'])
      .where('company_id', '=', companyId)
      .where('type', '=', 'organisation')
      .where((eb) =>
        eb.or(
          [...wanted].flatMap((d) => [
            eb(eb.fn('lower', ['email']), 'like', `%@${d}`),
            eb(eb.fn('lower', ['website']), 'like', `%${d}%`),
          ]),
        ),
      );
    const rows = await visibleOnly(query, null, hidden).execute();
    // The patterns only narrow; the domains are compared whole here.
    for (const row of rows) {
      const at = new Set([row.email && emailDomain(row.email), row.website && websiteDomain(row.website)]);
      for (const d of at) {
        if (!d || !wanted.has(d)) continue;
        const ids = found.get(d) ?? [];
        if (!ids.includes(row.id)) found.set(d, [...ids, row.id]);
      }
    }
  }
  return found;
}

/** Whether the company links mail to organisations by domain (decision 083). */
export async function matchesOrganisationDomains(db: Database, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('mail_org_domains')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return Boolean(row?.mail_org_domains);
}

/**
 * The customers of each address: those with that email, and where the company asks for it,
 * the organisations at the address's domain, for addresses that have no customer of their own.
 */
export async function customersOfAddresses(
  db: Database,
  companyId: number,
  addresses: string[],
): Promise<Map<string, number[]>> {
  const found = await customersByEmail(db, companyId, addresses);
  if (!(await matchesOrganisationDomains(db, companyId))) return found;
  const unmatched = addresses.filter((a) => !found.has(a));
  const domains = [...new Set(unmatched.flatMap((a) => emailDomain(a) ?? []))];
  const orgs = await organisationsByDomain(db, companyId, domains);
  for (const address of unmatched) {
    const ids = orgs.get(emailDomain(address) ?? '');
    if (ids) found.set(address, ids);
  }
  return found;
}
