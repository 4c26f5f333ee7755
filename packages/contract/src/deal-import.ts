import { z } from 'zod';
import {
  ImportDelimiter,
  ImportDryRun,
  ImportProgressKey,
  ImportRowError,
  importMappingOf,
} from './csv-import.ts';
import { DEAL_IMPORT_FIELDS } from './deal-import-values.ts';

export { DEAL_IMPORT_FIELDS, type DealImportField } from './deal-import-values.ts';

/**
 * CSV import of deals, `POST /api/companies/{companyId}/deals/import`: sent as the customer
 * import is (the file as the body, or a form with the `mapping` and the `file`). Each row is
 * checked with the rules of a deal created by hand. All or nothing: one refused row and the
 * real run saves no deal; the report names every refused row with its line and columns.
 */
export const { ImportMapping: DealImportMapping, ImportMappingJson: DealImportMappingJson } =
  importMappingOf(DEAL_IMPORT_FIELDS);
export type DealImportMapping = z.infer<typeof DealImportMapping>;

export const DealImportQuery = z.object({
  /** The mapping in the query string; a long one belongs in the form. */
  mapping: DealImportMappingJson.optional(),
  delimiter: ImportDelimiter.optional(),
  dry_run: ImportDryRun,
  /** Names the run's live progress, sent to the caller's own sockets (decision 085). */
  progress_key: ImportProgressKey.optional(),
});
export type DealImportQuery = z.output<typeof DealImportQuery>;

export const DealImportResult = z.object({
  dry_run: z.boolean(),
  /** Data records read (the header and blank lines not counted). */
  rows: z.number(),
  /** Deals saved (a dry run: that would be saved when no row is refused). */
  imported: z.number(),
  rejected: z.number(),
  errors: z.array(ImportRowError),
  /** More rows were rejected than `errors` lists. */
  errors_truncated: z.boolean(),
  /** The mapping that was applied: CSV header → field or null (skipped). */
  mapping: DealImportMapping,
});
export type DealImportResult = z.infer<typeof DealImportResult>;
