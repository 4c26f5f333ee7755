import type { CustomField } from '@kontora/contract/custom-fields';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactSelect } from '../../../../components/compact-select.tsx';
import type { SelectOption } from '../../../../components/select-field.tsx';
import { type CustomParam, type CustomParams, customParamsOf } from '../../lib/custom-params.ts';
import { useFieldLabel } from './field-label.ts';
import { SyncedInput } from './synced-input.tsx';

/** Sets or clears own-field filters in the list's address (an empty value or list clears). */
type UpdateFilter = (
  patch: Partial<Record<CustomParam, string | readonly string[]>>,
  options?: { replace?: boolean },
) => void;

type OwnFieldFiltersProps = {
  /** The company's fields in use of the list's record kind. */
  fields: readonly CustomField[];
  /** The list's filter: its own-field filters are read by their API names. */
  filter: CustomParams;
  update: UpdateFilter;
  owners: readonly SelectOption[];
};

const RANGED: readonly CustomField['type'][] = ['number', 'currency', 'percent', 'date', 'datetime'];
const SELECTS: readonly CustomField['type'][] = ['single_select', 'multi_select'];

/** The filters of one field in the address: its params by their API names. */
const paramsOf = (key: string) =>
  ['', '.gte', '.lte', '.empty'].map((op) => `custom.${key}${op}` as CustomParam);

/** A date-time range end: the day typed, from its start (`gte`) or to its end (`lte`), local time. */
function dayToInstant(day: string, end: boolean): string {
  if (!day) return '';
  const at = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}
function instantToDay(instant: string | undefined): string {
  if (!instant) return '';
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * Filters on the company's own fields: a field is added from a list, then filtered by value
 * (any of its options for a choice, a range for numbers and dates) and by empty / not empty.
 * Everything lives in the address under the API's names (`custom.{key}…`).
 */
export function OwnFieldFilters({ fields, filter, update, owners }: OwnFieldFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelOf = useFieldLabel();
  const [added, setAdded] = useState<readonly string[]>([]);
  const inFilter = new Set(Object.keys(customParamsOf(filter)).map((name) => name.split('.')[1]));
  const shown = fields.filter((f) => inFilter.has(f.key) || added.includes(f.key));
  const addable = fields.filter((f) => !shown.includes(f));
  if (fields.length === 0) return null;

  const remove = (key: string) => {
    setAdded((keys) => keys.filter((k) => k !== key));
    update(Object.fromEntries(paramsOf(key).map((name) => [name, ''])));
  };

  return (
    <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
      {shown.map((field) => (
        <OwnFieldFilter
          key={field.key}
          field={field}
          label={labelOf(field)}
          filter={filter}
          update={update}
          owners={owners}
          onRemove={() => remove(field.key)}
        />
      ))}
      {addable.length > 0 && (
        <div>
          <label htmlFor={`${id}-add`} className="form-label small mb-1">
            {t('customFields.filters.add')}
          </label>
          <select
            id={`${id}-add`}
            className="form-select form-select-sm"
            value=""
            onChange={(event) => event.target.value && setAdded((keys) => [...keys, event.target.value])}
          >
            <option value="">{t('customFields.filters.choose')}</option>
            {addable.map((field) => (
              <option key={field.key} value={field.key}>
                {labelOf(field)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

type OwnFieldFilterProps = {
  field: CustomField;
  label: string;
  filter: CustomParams;
  update: UpdateFilter;
  owners: readonly SelectOption[];
  onRemove: () => void;
};

function OwnFieldFilter({ field, label, filter, update, owners, onRemove }: OwnFieldFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const [eq, gte, lte, empty] = paramsOf(field.key) as [CustomParam, CustomParam, CustomParam, CustomParam];
  const one = (name: CustomParam) => {
    const value = filter[name];
    return Array.isArray(value) ? (value.at(-1) ?? '') : (value ?? '');
  };
  const many = (name: CustomParam) => {
    const value = filter[name];
    return Array.isArray(value) ? value : value ? [value] : [];
  };
  const inAddress = many(eq);
  // The address changes a moment after the click (a navigation): until it does, the boxes show
  // what was just ticked, instead of snapping back and then forward again.
  const addressKey = inAddress.join('\n');
  const [ticked, setTicked] = useState<{ over: string; values: string[] } | null>(null);
  const chosen = ticked && ticked.over === addressKey ? ticked.values : inAddress;

  let valueInput: ReactNode;
  if (SELECTS.includes(field.type)) {
    valueInput = (
      <fieldset>
        <legend className="form-label small mb-1">{t('customFields.filters.anyOf')}</legend>
        {field.options.map((option, i) => (
          <div key={option.value} className="form-check form-check-inline">
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-o${i}`}
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                const values = event.target.checked
                  ? [...chosen, option.value]
                  : chosen.filter((v) => v !== option.value);
                setTicked({ over: addressKey, values });
                update({ [eq]: values });
              }}
            />
            <label className="form-check-label" htmlFor={`${id}-o${i}`}>
              {option.label}
            </label>
          </div>
        ))}
      </fieldset>
    );
  } else if (RANGED.includes(field.type)) {
    const type = field.type === 'date' || field.type === 'datetime' ? 'date' : 'number';
    const instant = field.type === 'datetime';
    valueInput = (
      <div className="d-flex gap-2">
        <SyncedInput
          id={`${id}-gte`}
          label={t('customFields.filters.from')}
          type={type}
          value={instant ? instantToDay(one(gte)) : one(gte)}
          onCommit={(v) => update({ [gte]: instant ? dayToInstant(v, false) : v }, { replace: true })}
        />
        <SyncedInput
          id={`${id}-lte`}
          label={t('customFields.filters.to')}
          type={type}
          value={instant ? instantToDay(one(lte)) : one(lte)}
          onCommit={(v) => update({ [lte]: instant ? dayToInstant(v, true) : v }, { replace: true })}
        />
      </div>
    );
  } else if (field.type === 'checkbox' || field.type === 'person') {
    const options =
      field.type === 'checkbox'
        ? [
            { value: 'true', label: t('customFields.yes') },
            { value: 'false', label: t('customFields.no') },
          ]
        : owners;
    valueInput = (
      <FilterSelect
        label={t('customFields.filters.is')}
        value={one(eq)}
        onChange={(value) => update({ [eq]: value })}
        options={options}
      />
    );
  } else {
    valueInput = (
      <SyncedInput
        id={`${id}-eq`}
        label={t('customFields.filters.is')}
        type="text"
        value={one(eq)}
        onCommit={(v) => update({ [eq]: v }, { replace: true })}
      />
    );
  }

  return (
    <fieldset className="border rounded p-2">
      <legend className="float-none fs-6 fw-semibold mb-1 w-auto">{label}</legend>
      <div className="d-flex flex-wrap align-items-end gap-2">
        {valueInput}
        <FilterSelect
          label={t('customFields.filters.presence')}
          value={one(empty)}
          onChange={(value) => update({ [empty]: value })}
          options={[
            { value: 'false', label: t('customFields.filters.filled') },
            { value: 'true', label: t('customFields.filters.empty') },
          ]}
        />
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={t('customFields.filters.removeOne', { label })}
          onClick={onRemove}
        >
          {t('customFields.filters.remove')}
        </button>
      </div>
    </fieldset>
  );
}

type FilterSelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
};

/** A small labelled choice whose first option, "Any", clears the filter. */
function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  const { t } = useTranslation();
  return (
    <CompactSelect label={label} value={value} onChange={onChange}>
      <option value="">{t('customFields.filters.anyValue')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </CompactSelect>
  );
}
