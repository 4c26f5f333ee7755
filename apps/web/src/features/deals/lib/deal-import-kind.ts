import {
  DEAL_IMPORT_ALIASES,
  DEAL_IMPORT_FIELDS,
  type DealImportField,
} from '@kontora/contract/deal-import-values';
import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import type { ImportKind } from '../../shared/components/import/import-kind.ts';
import { foldHeader } from '../../shared/lib/csv-preview.ts';
import { useImportDeals } from '../api/import-deals.ts';

const FIELD_BY_FOLDED = new Map<string, DealImportField>([
  ...DEAL_IMPORT_FIELDS.map((f) => [foldHeader(f), f] as const),
  ...Object.entries(DEAL_IMPORT_ALIASES),
]);

/** The import wizard for deals: all or nothing, so the import waits for a check without refused rows. */
export const dealImportKind: ImportKind = {
  record: 'deal',
  fields: DEAL_IMPORT_FIELDS,
  guessField: (header) => FIELD_BY_FOLDED.get(foldHeader(header)) ?? null,
  texts: 'deals.import',
  missingColumn: (mapping, t) =>
    Object.values(mapping).includes('title') ? null : t('deals.import.noTitleColumn'),
  title: (t) => t('deals.import.title'),
  mappingTitle: (t) => t('deals.import.mappingTitle'),
  fileIntro: (t) => t('deals.import.fileIntro'),
  importLabel: (t, rows) => t('deals.import.import', { rows }),
  checkSomeRejected: (t) => t('deals.import.checkSomeRejected'),
  cancelledImport: (t) => t('deals.import.cancelledImport'),
  nothingSaved: (t) => t('deals.import.rejectedNothingSaved'),
  maxBytes: DEAL_LIMITS.importBytes,
  allOrNothing: true,
  matching: false,
  useUpload: () => useImportDeals(useCompanyId()),
};
