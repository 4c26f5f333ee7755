import { z } from 'zod';
import { CUSTOM_KEY_PATTERN } from './custom-fields.ts';
import { IMPORT_FIELD_NAME_MAX } from './customer-import-values.ts';

/**
 * What every CSV import shares (customers, deals, to-dos): the column mapping, sent as JSON in a form
 * field or the query string, and the report's per-row errors.
 */

/**
 * A column mapped to one of the company's own fields (not archived): `custom.{key}`. Its cells
 * are read per the field's type (docs/decisions/075-own-fields-in-import-and-merge.md).
 */
export const OwnFieldTarget = z.templateLiteral(['custom.', z.string().regex(CUSTOM_KEY_PATTERN)]);
export type OwnFieldTarget = z.infer<typeof OwnFieldTarget>;

/**
 * The mapping of an import whose columns fill `fields` or the company's own fields: CSV header →
 * field, `custom.{key}`, or null to skip the column.
 */
export function importMappingOf<const F extends readonly [string, ...string[]]>(fields: F) {
  const Field = z.union([z.enum(fields), OwnFieldTarget], { error: 'invalid_field' }).nullable();
  const mapping = z.record(z.string().max(IMPORT_FIELD_NAME_MAX), Field);
  const entries = z.array(z.tuple([z.string().max(IMPORT_FIELD_NAME_MAX), Field])).max(1000);
  type Mapping = z.infer<typeof mapping>;

  /**
   * The mapping's JSON as an object without a prototype. Its keys are the user's column names, so
   * `__proto__` or `constructor` must stay plain keys: a z.record would assign them onto `{}`.
   */
  function parse(text: string, ctx: z.RefinementCtx): Mapping {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const read =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? entries.safeParse(Object.entries(parsed))
        : undefined;
    if (!read?.success) {
      ctx.addIssue({ code: 'custom', message: 'invalid_mapping', input: text });
      return z.NEVER;
    }
    const out: Mapping = Object.create(null);
    for (const [column, field] of read.data) {
      Object.defineProperty(out, column, {
        value: field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }

  return {
    ImportMapping: mapping,
    /**
     * JSON object: CSV header → field, `custom.{key}` for an own field in use, or null to skip
     * the column. Columns not named are matched by header when it equals a field name (or an
     * alias), else an own field's label or key; others are skipped.
     */
    ImportMappingJson: z.string().max(20_000).transform(parse),
  };
}

export const ImportRowError = z.object({
  /** Line in the file where the rejected record starts (the header is line 1). */
  line: z.number(),
  /** Field (or `row`) → reason codes, e.g. `{ "email": ["invalid_email"] }`. */
  reasons: z.record(z.string(), z.array(z.string())),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** Field separator of an import; detected from the header line when omitted (`,` `;` or tab). */
export const ImportDelimiter = z.enum([',', ';', 'tab']);

/** `dry_run`: validate and report without saving anything. */
export const ImportDryRun = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

/**
 * A key the client picks for one import run (`progress_key` in the query): the run's live
 * progress reaches the person's own sockets as `job` messages with `job_id` `import-{key}`.
 */
export const ImportProgressKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_progress_key');

/** The steps of an import: the file read (and each row checked), the staged rows matched (a dry run), saved, done. */
export const IMPORT_PHASES = ['reading', 'checking', 'saving', 'finished'] as const;

/**
 * How far an import has come, as its live progress tells it (decision 085). A row counts as
 * checked (`valid` or `invalid`) once its last check is done; at `finished` the counts are the
 * report's: `read` = `rows`, `invalid` = `rejected`, `saved` = `imported` (0 for a dry run or a
 * refused all-or-nothing file).
 */
export const ImportProgress = z.object({
  kind: z.enum(['customers', 'deals', 'events']),
  dry_run: z.boolean(),
  phase: z.enum(IMPORT_PHASES),
  /** Data rows read from the file so far. */
  read: z.number().int(),
  /** Rows that passed every check. */
  valid: z.number().int(),
  /** Rows refused. */
  invalid: z.number().int(),
  /** Rows saved (created or updated). */
  saved: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

/**
 * The query and report of an all-or-nothing import (deals, to-dos): every row is checked with the
 * rules of a record created by hand; one refused row and the real run saves nothing; the report
 * names every refused row with its line and columns.
 */
export function allOrNothingImportOf<const F extends readonly [string, ...string[]]>(fields: F) {
  const { ImportMapping, ImportMappingJson } = importMappingOf(fields);
  const Query = z.object({
    /** The mapping in the query string; a long one belongs in the form. */
    mapping: ImportMappingJson.optional(),
    delimiter: ImportDelimiter.optional(),
    dry_run: ImportDryRun,
    /** Names the run's live progress, sent to the caller's own sockets (decision 085). */
    progress_key: ImportProgressKey.optional(),
  });
  const Result = z.object({
    dry_run: z.boolean(),
    /** Data records read (the header and blank lines not counted). */
    rows: z.number(),
    /** Records saved (a dry run: that would be saved when no row is refused). */
    imported: z.number(),
    rejected: z.number(),
    errors: z.array(ImportRowError),
    /** More rows were rejected than `errors` lists. */
    errors_truncated: z.boolean(),
    /** The mapping that was applied: CSV header → field or null (skipped). */
    mapping: ImportMapping,
  });
  return { ImportMapping, ImportMappingJson, Query, Result };
}
