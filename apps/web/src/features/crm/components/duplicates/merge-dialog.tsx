import { DUPLICATE_LIMITS, type MergeField, type MergeResult } from '@kontora/contract/customer-duplicates';
import type { Customer } from '@kontora/contract/customers';
import { useQueries } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { paths } from '../../../../config/paths.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useActiveCustomFields } from '../../../shared/api/custom-fields.ts';
import { useCustomValueShow } from '../../../shared/components/custom-fields/custom-value-rows.tsx';
import { useFieldLabel } from '../../../shared/components/custom-fields/field-label.ts';
import { customerQueryOptions } from '../../api/get-customer.ts';
import { useMergeCustomers } from '../../api/merge-customers.ts';
import { useUndoMerge } from '../../api/undo-merge.ts';
import { countryName } from '../customers/country-options.ts';
import { fieldLabel } from '../customers/timeline-entry.tsx';
import { defaultChoices, defaultOwnChoices, differingFields, differingOwnFields } from './merge-choices.ts';

/** Merge 2+ customers: pick the one to keep and, field by field, the values that survive; then Undo. */
export function MergeDialog({ ids: given, onClose }: { ids: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation();
  // The customers as the dialog opened: the list behind it drops the merged ones once they are gone.
  const [ids] = useState(given);
  const format = useFormatters();
  const [result, setResult] = useState<MergeResult | null>(null);
  return (
    <Modal open onClose={onClose} title={t('merge.title', { number: format.number(ids.length) })} size="lg">
      {result ? (
        <MergeDone result={result} onClose={onClose} />
      ) : ids.length > DUPLICATE_LIMITS.mergeMax + 1 ? (
        <div className="modal-body">
          <FormAlert kind="danger">
            {t('merge.tooMany', { number: format.number(DUPLICATE_LIMITS.mergeMax + 1) })}
          </FormAlert>
        </div>
      ) : (
        <MergeForm ids={ids} onClose={onClose} onMerged={setResult} />
      )}
    </Modal>
  );
}

function MergeForm({
  ids,
  onClose,
  onMerged,
}: {
  ids: readonly number[];
  onClose: () => void;
  onMerged: (result: MergeResult) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const companyId = useCompanyId();
  const loaded = useQueries({ queries: ids.map((id) => customerQueryOptions(companyId, id)) });
  const customers = loaded.flatMap((q) => (q.data ? [q.data] : []));
  const ready = customers.length === ids.length;
  const [survivorId, setSurvivorId] = useState(ids[0] ?? 0);
  const [chosen, setChosen] = useState<Partial<Record<MergeField, number>>>({});
  const [ownChosen, setOwnChosen] = useState<Record<string, number>>({});
  const merge = useMergeCustomers(companyId);
  const [error, setError] = useState<string | null>(null);
  const ownFields = useActiveCustomFields(companyId, 'customer');
  const fieldLabelOf = useFieldLabel();
  const showOwn = useCustomValueShow();
  const fields = useMemo(() => differingFields(customers), [customers]);
  const defaults = useMemo(() => defaultChoices(customers, survivorId), [customers, survivorId]);
  const own = differingOwnFields(customers, ownFields);
  const ownDefaults = defaultOwnChoices(customers, ownFields, survivorId);
  const failed = loaded.find((q) => q.error)?.error;

  if (failed) {
    return (
      <div className="modal-body">
        <FormAlert kind="danger">{errorMessage(t, failed)}</FormAlert>
      </div>
    );
  }
  if (!ready) return <PageSpinner />;

  const submit = async () => {
    setError(null);
    try {
      const result = await merge.mutateAsync({
        survivor_id: survivorId,
        merged_ids: ids.filter((id) => id !== survivorId),
        fields: { ...defaults, ...chosen },
        custom: { ...ownDefaults, ...ownChosen },
        versions: Object.fromEntries(customers.map((c) => [String(c.id), c.version])),
      });
      onMerged(result);
    } catch (caught) {
      setError(errorMessage(t, caught));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="modal-body">
        {error && <FormAlert kind="danger">{error}</FormAlert>}
        <fieldset className="mb-3">
          <legend className="h6">{t('merge.survivor')}</legend>
          {customers.map((c) => (
            <div className="form-check" key={c.id}>
              <input
                className="form-check-input"
                type="radio"
                name={`${formId}-survivor`}
                id={`${formId}-survivor-${c.id}`}
                checked={survivorId === c.id}
                onChange={() => setSurvivorId(c.id)}
              />
              <label className="form-check-label" htmlFor={`${formId}-survivor-${c.id}`}>
                {c.name} <span className="text-body-secondary small">#{c.id}</span>
              </label>
            </div>
          ))}
          <p className="small text-body-secondary mt-2 mb-0">{t('merge.explain')}</p>
        </fieldset>
        <h3 className="h6">{t('merge.fields')}</h3>
        <p className="small text-body-secondary">
          {fields.length || own.length ? t('merge.fieldsHelp') : t('merge.same')}
        </p>
        {fields.map(({ field, options }) => (
          <fieldset className="mb-2" key={field}>
            <legend className="form-label small fw-semibold mb-1">{fieldLabel(t, field)}</legend>
            {options.map((option) => (
              <div className="form-check form-check-inline" key={option.id}>
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${formId}-${field}`}
                  id={`${formId}-${field}-${option.id}`}
                  checked={(chosen[field] ?? defaults[field]) === option.id}
                  onChange={() => setChosen((current) => ({ ...current, [field]: option.id }))}
                />
                <label className="form-check-label text-break" htmlFor={`${formId}-${field}-${option.id}`}>
                  <ChoiceValue
                    field={field}
                    value={option.value}
                    customer={customers.find((c) => c.id === option.id)}
                  />
                </label>
              </div>
            ))}
          </fieldset>
        ))}
        {own.length > 0 && <h4 className="h6 small mt-3">{t('merge.ownFields')}</h4>}
        {own.map(({ field, options }) => (
          <fieldset className="mb-2" key={field.key}>
            <legend className="form-label small fw-semibold mb-1">{fieldLabelOf(field)}</legend>
            {options.map((option) => {
              const id = `${formId}-custom-${field.key}-${option.id}`;
              return (
                <div className="form-check form-check-inline" key={option.id}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${formId}-custom-${field.key}`}
                    id={id}
                    checked={(ownChosen[field.key] ?? ownDefaults[field.key]) === option.id}
                    onChange={() => setOwnChosen((current) => ({ ...current, [field.key]: option.id }))}
                  />
                  <label className="form-check-label text-break" htmlFor={id}>
                    {showOwn(field, option.value) ?? t('merge.empty')}
                  </label>
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="modal-footer">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onClose}
          disabled={merge.isPending}
        >
          {t('merge.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={merge.isPending}
          aria-busy={merge.isPending}
        >
          {merge.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('merge.confirm')}
        </button>
      </div>
    </form>
  );
}

function ChoiceValue({ field, value, customer }: { field: MergeField; value: unknown; customer?: Customer }) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  if (value === null || value === undefined || value === '') return <>{t('merge.empty')}</>;
  if (field === 'owner_id') return <>{customer?.owner_name ?? String(value)}</>;
  if (field === 'status') return <>{translate(`crm.status.${value}`)}</>;
  if (field === 'type') return <>{translate(`crm.customerType.${value}`)}</>;
  if (field === 'country') return <>{countryName(String(value))}</>;
  return <>{String(value)}</>;
}

function MergeDone({ result, onClose }: { result: MergeResult; onClose: () => void }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const undo = useUndoMerge(companyId);
  const [error, setError] = useState<string | null>(null);
  const name = result.survivor.name;
  const undoMerge = async () => {
    setError(null);
    try {
      await undo.mutateAsync(result.merge_id);
      notify('success', t('merge.undone'));
      onClose();
    } catch (caught) {
      setError(errorMessage(t, caught));
    }
  };
  return (
    <>
      <div className="modal-body">
        {error && <FormAlert kind="danger">{error}</FormAlert>}
        <p className="mb-0" role="status">
          {t('merge.merged', { name })}{' '}
          <Link to={paths.company.customer.href(result.survivor.id)} onClick={onClose}>
            {t('merge.openSurvivor', { name })}
          </Link>
        </p>
      </div>
      <div className="modal-footer">
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void undoMerge()}
          disabled={undo.isPending}
          aria-busy={undo.isPending}
        >
          {t('merge.undo')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose} disabled={undo.isPending}>
          {t('merge.close')}
        </button>
      </div>
    </>
  );
}
