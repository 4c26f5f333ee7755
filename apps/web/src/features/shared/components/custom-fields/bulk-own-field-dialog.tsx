import type { CustomRecord, CustomValues } from '@kontora/contract/custom-fields';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { reasonText } from '../../../../lib/server-problems.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useActiveCustomFields } from '../../api/custom-fields.ts';
import { CustomFieldInputs } from './custom-field-inputs.tsx';
import { customProblems } from './custom-form.ts';
import { type CustomInputs, toInput, toValue } from './custom-inputs.ts';
import { useFieldLabel } from './field-label.ts';

/**
 * The dialog of "Set own field…" on a list's bulk bar: one of the company's fields and its value, set on
 * every record chosen (`set_custom`, each checked on the server as that record's edit; a
 * refusal shows on the field and changes no record).
 */
export function BulkOwnFieldDialog({
  record,
  count,
  apply,
  onClose,
}: {
  record: CustomRecord;
  count: number;
  /** Sends the values; resolves when every part is saved. */
  apply: (custom: CustomValues) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fields = useActiveCustomFields(useCompanyId(), record);
  const labelOf = useFieldLabel();
  const [key, setKey] = useState('');
  const [values, setValues] = useState<CustomInputs>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (fields.length === 0) return null;
  const field = fields.find((f) => f.key === key) ?? fields[0];
  if (!field) return null;
  const [, code] = customProblems(error, [field])[0] ?? [];
  const problem = reasonText(t, code);

  const close = onClose;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apply({ [field.key]: toValue(field, values[field.key] ?? toInput(field, null)) });
      close();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={close} title={t('customFields.bulk.title', { number: count })}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="modal-body">
          {error !== null && !problem && <FormAlert kind="danger">{errorMessage(t, error)}</FormAlert>}
          <label className="form-label" htmlFor={`${id}-field`}>
            {t('customFields.bulk.field')}
          </label>
          <select
            id={`${id}-field`}
            className="form-select mb-2"
            value={field.key}
            onChange={(e) => {
              setKey(e.target.value);
              setError(null);
            }}
          >
            {fields.map((f) => (
              <option key={f.key} value={f.key}>
                {labelOf(f)}
              </option>
            ))}
          </select>
          <CustomFieldInputs
            plain
            fields={[field]}
            values={{ [field.key]: values[field.key] ?? toInput(field, null) }}
            onChange={(k, value) => {
              setValues((v) => ({ ...v, [k]: value }));
              setError(null);
            }}
            errors={{ [field.key]: problem }}
          />
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-outline-secondary" onClick={close}>
            {t('customFields.cancel')}
          </button>
          <SubmitButton busy={busy}>{t('customFields.bulk.apply')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
