import type { CustomField } from '@kontora/contract/custom-fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useMergeCustomOptions } from '../../../shared/api/custom-fields.ts';

/**
 * An option's "Merge into…": every record holding it gets the option chosen instead and it
 * leaves the field (on the server, at once). Opens in place under the option's row.
 */
export function OptionMerge({
  companyId,
  field,
  value,
  onMerged,
}: {
  companyId: number;
  field: CustomField;
  /** The saved option to merge away. */
  value: string;
  onMerged: (into: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const merge = useMergeCustomOptions(companyId);
  const [open, setOpen] = useState(false);
  const others = field.options.filter((o) => o.value !== value);
  const [into, setInto] = useState(others[0]?.value ?? '');
  const label = field.options.find((o) => o.value === value)?.label ?? value;
  if (others.length === 0) return null;
  if (!open)
    return (
      <button type="button" className="btn btn-link btn-sm px-0" onClick={() => setOpen(true)}>
        {t('customFields.mergeOption', { label })}
      </button>
    );
  const submit = () =>
    merge.mutate(
      { id: field.id, from: value, into },
      {
        onSuccess: (result) => {
          const target = others.find((o) => o.value === into)?.label ?? into;
          notify('success', t('customFields.merged', { label: target, number: result.records.length }));
          setOpen(false);
          onMerged(into);
        },
      },
    );
  return (
    <div className="border rounded p-2 mt-1">
      {merge.error && <FormAlert kind="danger">{errorMessage(t, merge.error)}</FormAlert>}
      <label className="form-label small mb-1" htmlFor={`${id}-select`}>
        {t('customFields.mergeInto', { label })}
      </label>
      <select
        id={`${id}-select`}
        className="form-select form-select-sm mb-2"
        value={into}
        onChange={(e) => setInto(e.target.value)}
      >
        {others.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p className="small text-body-secondary mb-2">{t('customFields.mergeText', { label })}</p>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(false)}>
          {t('customFields.cancel')}
        </button>
        <button type="button" className="btn btn-sm btn-danger" disabled={merge.isPending} onClick={submit}>
          {t('customFields.mergeConfirm')}
        </button>
      </div>
    </div>
  );
}
