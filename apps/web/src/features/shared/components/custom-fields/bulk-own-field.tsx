import type { CustomRecord, CustomValues } from '@kontora/contract/custom-fields';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useActiveCustomFields } from '../../api/custom-fields.ts';

// Loads when opened: the lists are first screens, which stay free of zod (decision 021).
const BulkOwnFieldDialog = lazy(() =>
  import('./bulk-own-field-dialog.tsx').then((m) => ({ default: m.BulkOwnFieldDialog })),
);

/** "Set own field…" on a list's bulk bar, when the company has fields of the record kind. */
export function BulkOwnField(props: {
  record: CustomRecord;
  count: number;
  apply: (custom: CustomValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const fields = useActiveCustomFields(useCompanyId(), props.record);
  const [open, setOpen] = useState(false);
  if (fields.length === 0) return null;
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setOpen(true)}>
        {t('customFields.bulk.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BulkOwnFieldDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
