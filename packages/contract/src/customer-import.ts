import { z } from 'zod';
import {
  ImportDelimiter,
  ImportDryRun,
  ImportProgressKey,
  ImportRowError,
  importMappingOf,
} from './csv-import.ts';
import {
  IMPORT_FIELDS,
  IMPORT_MATCH_KEYS,
  IMPORT_ON_MATCH,
  type ImportMatchKey,
} from './customer-import-values.ts';

export { ImportRowError } from './csv-import.ts';
export {
  IMPORT_FIELD_NAME_MAX,
  IMPORT_FIELDS,
  IMPORT_MATCH_KEYS,
  IMPORT_ON_MATCH,
  type ImportField,
  type ImportMatchKey,
} from './customer-import-values.ts';

/**
 * CSV import of customers, `POST /api/companies/{companyId}/customers/import`:
 * the column mapping, the options and the report. Each imported row is checked
 * with the same rules as a customer created by hand (customers.ts). The constants without zod
 * live in ./customer-import-values.ts (re-exported here).
 */

export const { ImportMapping, ImportMappingJson } = importMappingOf(IMPORT_FIELDS);
export type ImportMapping = z.infer<typeof ImportMapping>;

/**
 * `POST …/customers/import` takes either the CSV file itself as the body (`Content-Type: text/csv`),
 * or `multipart/form-data` with a `mapping` field (the JSON mapping, up to 20,000 characters, too
 * long for a URL) and then a `file` part. The other options travel in the query string.
 */
export const CustomerImportQuery = z.object({
  /** The mapping in the query string: kept for older clients; a long one belongs in the form. */
  mapping: ImportMappingJson.optional(),
  /** Field separator; detected from the header line when omitted (`,` `;` or tab). */
  delimiter: ImportDelimiter.optional(),
  /**
   * A row that matches an existing customer (see `match_by`): `create` a new one anyway (the
   * default), `skip` the row, or `update` the customer with the row's non-empty cells. A row that
   * repeats a row created earlier in the same file is skipped (with `skip` and `update`).
   */
  /** Names the run's live progress, sent to the caller's own sockets (decision 085). */
  progress_key: ImportProgressKey.optional(),
  on_match: z.enum(IMPORT_ON_MATCH).default('create'),
  /** Comma-separated keys a row matches by, tried in this order: `oib`, `email`, `id` (an `id` column, as an export has). */
  match_by: z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const keys = [
        ...new Set(
          v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        ),
      ];
      if (keys.length === 0 || keys.some((k) => !(IMPORT_MATCH_KEYS as readonly string[]).includes(k))) {
        ctx.addIssue({ code: 'custom', message: 'invalid_match_by', input: v });
        return z.NEVER;
      }
      return keys as ImportMatchKey[];
    })
    .default(['oib', 'email', 'id']),
  /** Validate and report without saving anything. */
  dry_run: ImportDryRun,
});
export type CustomerImportQuery = z.output<typeof CustomerImportQuery>;

export const CustomerImportResult = z.object({
  dry_run: z.boolean(),
  /** Data records read (the header and blank lines, also ones of empty cells only, not counted). */
  rows: z.number(),
  /** Rows saved: created + updated. */
  imported: z.number(),
  /** New customers (a dry run: that would be created). */
  created: z.number(),
  /** Existing customers changed by a matching row (`on_match: update`). */
  updated: z.number(),
  /** Rows left out because they matched (`on_match: skip`, a repeat within the file, or an update that changes nothing). */
  skipped: z.number(),
  /**
   * Rows that match an existing customer (by `match_by`), whatever `on_match` does with them:
   * with `create` they become duplicates. Null for a real run with `create` (the check counts them).
   */
  matched: z.number().nullable(),
  rejected: z.number(),
  errors: z.array(ImportRowError),
  /** More rows were rejected than `errors` lists (CUSTOMER_LIMITS.importReportMax). */
  errors_truncated: z.boolean(),
  /** The mapping that was applied: CSV header → field or null (skipped). */
  mapping: ImportMapping,
});
export type CustomerImportResult = z.infer<typeof CustomerImportResult>;
