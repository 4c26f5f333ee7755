/**
 * The CSV import's fields and options (./customer-import.ts) without zod: the web app's import
 * wizard and the customer list's code share them, and zod is not needed there
 * (docs/decisions/021-lean-css-and-first-paint.md). ./customer-import.ts re-exports them.
 */

/** Fields a CSV column can be mapped to; `owner_email` finds the owner among the company's members. */
export const IMPORT_FIELDS = [
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
  'owner_email',
  'tags',
  'source',
  'notes',
  /**
   * A person's organisations by exact name, separated by `;` (an export writes them so). A
   * person's `organisation_name` is linked the same way. A name without an organisation
   * customer creates one.
   */
  'organisations',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Longest CSV column name an import accepts (and a mapping may name). */
export const IMPORT_FIELD_NAME_MAX = 200;

export const IMPORT_ON_MATCH = ['create', 'skip', 'update'] as const;
export const IMPORT_MATCH_KEYS = ['oib', 'email', 'id'] as const;
export type ImportMatchKey = (typeof IMPORT_MATCH_KEYS)[number];
