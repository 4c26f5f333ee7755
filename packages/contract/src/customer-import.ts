import { z } from 'zod';
import {
  IMPORT_FIELD_NAME_MAX,
  IMPORT_FIELDS,
  IMPORT_MATCH_KEYS,
  IMPORT_ON_MATCH,
  type ImportMatchKey,
} from './customer-import-values.ts';

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

export const ImportMapping = z.record(
  z.string().max(IMPORT_FIELD_NAME_MAX),
  z.enum(IMPORT_FIELDS, { error: 'invalid_field' }).nullable(),
);
export type ImportMapping = z.infer<typeof ImportMapping>;

const MappingEntries = z
  .array(
    z.tuple([
      z.string().max(IMPORT_FIELD_NAME_MAX),
      z.enum(IMPORT_FIELDS, { error: 'invalid_field' }).nullable(),
    ]),
  )
  .max(1000);

/**
 * The mapping's JSON as an object without a prototype. Its keys are the user's column names, so
 * `__proto__` or `constructor` must stay plain keys: a z.record would assign them onto `{}`.
 */
function parseMapping(text: string, ctx: z.RefinementCtx): ImportMapping {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const entries =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? MappingEntries.safeParse(Object.entries(parsed))
      : undefined;
  if (!entries?.success) {
    ctx.addIssue({ code: 'custom', message: 'invalid_mapping', input: text });
    return z.NEVER;
  }
  const mapping: ImportMapping = Object.create(null);
  for (const [column, field] of entries.data) {
    Object.defineProperty(mapping, column, {
      value: field,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return mapping;
}

/**
 * JSON object: CSV header → field (or null to skip the column). Columns not
 * named are matched by header when it equals a field name; others are skipped.
 */
export const ImportMappingJson = z.string().max(20_000).transform(parseMapping);

/**
 * `POST …/customers/import` takes either the CSV file itself as the body (`Content-Type: text/csv`),
 * or `multipart/form-data` with a `mapping` field (the JSON mapping, up to 20,000 characters, too
 * long for a URL) and then a `file` part. The other options travel in the query string.
 */
export const CustomerImportQuery = z.object({
  /** The mapping in the query string: kept for older clients; a long one belongs in the form. */
  mapping: ImportMappingJson.optional(),
  /** Field separator; detected from the header line when omitted (`,` `;` or tab). */
  delimiter: z.enum([',', ';', 'tab']).optional(),
  /**
   * A row that matches an existing customer (see `match_by`): `create` a new one anyway (the
   * default), `skip` the row, or `update` the customer with the row's non-empty cells. A row that
   * repeats a row created earlier in the same file is skipped (with `skip` and `update`).
   */
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
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});
export type CustomerImportQuery = z.output<typeof CustomerImportQuery>;

export const ImportRowError = z.object({
  /** Line in the file where the rejected record starts (the header is line 1). */
  line: z.number(),
  /** Field (or `row`) → reason codes, e.g. `{ "email": ["invalid_email"] }`. */
  reasons: z.record(z.string(), z.array(z.string())),
});

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
