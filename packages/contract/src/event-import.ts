import type { z } from 'zod';
import { allOrNothingImportOf } from './csv-import.ts';
import { EVENT_IMPORT_FIELDS } from './event-import-values.ts';

export { EVENT_IMPORT_FIELDS, type EventImportField } from './event-import-values.ts';

/**
 * CSV import of to-dos, `POST /api/companies/{companyId}/events/import`: sent as the deal import
 * is (the file as the body, or a form with the `mapping` and the `file`). Each row is checked
 * with the rules of a to-do created by hand. All or nothing: one refused row and the real run
 * saves no to-do; the report names every refused row with its line and columns.
 */
const EventImport = allOrNothingImportOf(EVENT_IMPORT_FIELDS);

export const EventImportMapping = EventImport.ImportMapping;
export type EventImportMapping = z.infer<typeof EventImportMapping>;
export const EventImportMappingJson = EventImport.ImportMappingJson;
export const EventImportQuery = EventImport.Query;
export type EventImportQuery = z.output<typeof EventImportQuery>;
export const EventImportResult = EventImport.Result;
export type EventImportResult = z.infer<typeof EventImportResult>;
