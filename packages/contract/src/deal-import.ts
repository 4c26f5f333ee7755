import type { z } from 'zod';
import { allOrNothingImportOf } from './csv-import.ts';
import { DEAL_IMPORT_FIELDS } from './deal-import-values.ts';

export { DEAL_IMPORT_FIELDS, type DealImportField } from './deal-import-values.ts';

/**
 * CSV import of deals, `POST /api/companies/{companyId}/deals/import`: sent as the customer
 * import is (the file as the body, or a form with the `mapping` and the `file`). Each row is
 * checked with the rules of a deal created by hand. All or nothing: one refused row and the
 * real run saves no deal; the report names every refused row with its line and columns.
 */
const DealImport = allOrNothingImportOf(DEAL_IMPORT_FIELDS);

export const DealImportMapping = DealImport.ImportMapping;
export type DealImportMapping = z.infer<typeof DealImportMapping>;
export const DealImportMappingJson = DealImport.ImportMappingJson;
export const DealImportQuery = DealImport.Query;
export type DealImportQuery = z.output<typeof DealImportQuery>;
export const DealImportResult = DealImport.Result;
export type DealImportResult = z.infer<typeof DealImportResult>;
