import { IMPORT_FIELDS } from '@kontora/contract/customer-import-values';
import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import type { ImportKind } from '../../shared/components/import/import-kind.ts';
import { guessField, mapsAName } from '../../shared/lib/csv-preview.ts';
import { useImportCustomers } from '../api/import-customers.ts';

/** The import wizard for customers: valid rows are saved, refused ones reported; matching rows may update or be skipped. */
export const customerImportKind: ImportKind = {
  record: 'customer',
  fields: IMPORT_FIELDS,
  guessField,
  texts: 'crm.import',
  missingColumn: (mapping, t) => (mapsAName(mapping) ? null : t('crm.import.noNameColumn')),
  title: (t) => t('crm.import.title'),
  mappingTitle: (t) => t('crm.import.stepTitles.mapping'),
  fileIntro: (t) => t('crm.import.fileIntro'),
  importLabel: (t, rows) => t('crm.import.import', { rows }),
  checkSomeRejected: (t) => t('crm.import.checkSomeRejected'),
  cancelledImport: (t) => t('crm.import.cancelledImport'),
  nothingSaved: (t) => t('crm.import.done'),
  maxBytes: CUSTOMER_LIMITS.importBytes,
  allOrNothing: false,
  matching: true,
  useUpload: () => useImportCustomers(useCompanyId()),
};
