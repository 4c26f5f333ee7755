import {
  EVENT_IMPORT_ALIASES,
  EVENT_IMPORT_FIELDS,
  type EventImportField,
} from '@kontora/contract/event-import-values';
import { EVENT_LIMITS } from '@kontora/contract/event-values';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import type { ImportKind } from '../../../shared/components/import/import-kind.ts';
import { foldHeader } from '../../../shared/lib/csv-preview.ts';
import { useImportTodos } from '../../api/import-todos.ts';

const FIELD_BY_FOLDED = new Map<string, EventImportField>([
  ...EVENT_IMPORT_FIELDS.map((f) => [foldHeader(f), f] as const),
  ...Object.entries(EVENT_IMPORT_ALIASES),
]);

/** The import wizard for to-dos: all or nothing as deals, so the import waits for a check without refused rows. */
export const todoImportKind: ImportKind = {
  record: null,
  fields: EVENT_IMPORT_FIELDS,
  guessField: (header) => FIELD_BY_FOLDED.get(foldHeader(header)) ?? null,
  texts: 'crm.events.import',
  missingColumn: (mapping, t) => {
    const mapped = Object.values(mapping);
    if (!mapped.includes('title')) return t('crm.events.import.noTitleColumn');
    return mapped.includes('start_at') ? null : t('crm.events.import.noStartColumn');
  },
  title: (t) => t('crm.events.import.title'),
  mappingTitle: (t) => t('crm.events.import.mappingTitle'),
  fileIntro: (t) => t('crm.events.import.fileIntro'),
  importLabel: (t, rows) => t('crm.events.import.import', { rows }),
  checkSomeRejected: (t) => t('crm.events.import.checkSomeRejected'),
  cancelledImport: (t) => t('crm.events.import.cancelledImport'),
  nothingSaved: (t) => t('crm.events.import.rejectedNothingSaved'),
  maxBytes: EVENT_LIMITS.importBytes,
  allOrNothing: true,
  matching: false,
  useUpload: () => useImportTodos(useCompanyId()),
};
