/**
 * The customer constants and helpers of ./customers.ts without zod: the web app's customer
 * list needs them on its first load, and zod is not needed there
 * (docs/decisions/021-lean-css-and-first-paint.md). ./customers.ts re-exports them.
 */
export const CUSTOMER_STATUSES = ['lead', 'prospect', 'customer', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_TYPES = ['person', 'organisation'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_SORTS = ['name', 'created_at', 'updated_at'] as const;

/** The fields a person edits, in the order forms show them and the timeline lists changes. */
export const CUSTOMER_EDITABLE_FIELDS = [
  'type',
  'name',
  'first_name',
  'last_name',
  'organisation_name',
  'email',
  'phone',
  'website',
  'address',
  'country',
  'oib',
  'status',
  'owner_id',
  'tags',
  'source',
  'notes',
] as const;
export type CustomerEditableField = (typeof CUSTOMER_EDITABLE_FIELDS)[number];

export const CUSTOMER_LIMITS = {
  nameMax: 200,
  namePartMax: 120,
  emailMax: 254,
  phoneMax: 40,
  websiteMax: 500,
  addressMax: 500,
  taxIdMax: 32,
  sourceMax: 100,
  notesMax: 10_000,
  tagsMax: 20,
  tagMax: 40,
  searchMax: 200,
  pageDefault: 25,
  pageMax: 100,
  bulkMax: 1000,
  /**
   * Largest CSV a customer import accepts by default, in bytes (the server's IMPORT_MAX_BYTES may
   * set another): the file is staged as it arrives (docs/decisions/068-staged-imports.md).
   */
  importBytes: 1024 * 1024 * 1024,
  /** Rejected rows listed one by one in an import report; the count is always complete. */
  importReportMax: 10_000,
  timelinePageDefault: 50,
  timelinePageMax: 100,
  /** Organisations one person belongs to at most. */
  organisationsMax: 20,
  /** A person's role at an organisation ("CFO"). */
  roleMax: 100,
} as const;

/** The display name: as given, else the person's first and last name, else the organisation's. */
export function deriveCustomerName(c: {
  type?: CustomerType | undefined;
  name?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  organisation_name?: string | null | undefined;
}): string | null {
  if (c.name) return c.name;
  const personal = [c.first_name, c.last_name].filter(Boolean).join(' ');
  const derived =
    c.type === 'organisation' ? c.organisation_name || personal : personal || c.organisation_name;
  return derived ? derived.slice(0, CUSTOMER_LIMITS.nameMax) : null;
}

/** Trimmed, inner spaces collapsed, lower case, without duplicates, in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const t = tag.trim().replace(/\s+/g, ' ').toLowerCase();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * "All customers matching this filter" (decision 020): the list's filter
 * without its sort. Counted exactly up to `matchCountMax`, then "more than";
 * bulk actions by filter act on at most that many, so that one request stays
 * one bounded transaction (decision 020).
 */
export const CUSTOMER_MATCH_LIMITS = { matchCountMax: 10_000 } as const;
