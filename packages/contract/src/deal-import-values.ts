/**
 * The deal CSV import's fields (./deal-import.ts) without zod, for the web app's import wizard
 * (docs/decisions/021-lean-css-and-first-paint.md).
 */

/**
 * Fields a CSV column can be mapped to. `pipeline` and `stage` are names (the stage within the
 * row's pipeline, else the company's first pipeline); `owner_email` a member's email;
 * `organisation` the exact name of an organisation customer of the company; `amount` a number
 * in the company's currency (`1.234,56` and `1,234.56` both read), its code or symbol allowed.
 */
export const DEAL_IMPORT_FIELDS = [
  'title',
  'amount',
  'pipeline',
  'stage',
  'probability',
  'expected_close_date',
  'owner_email',
  'organisation',
  'lost_reason',
  'tags',
  'notes',
] as const;
export type DealImportField = (typeof DEAL_IMPORT_FIELDS)[number];
