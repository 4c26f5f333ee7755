import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_PRESETS, type RangePreset } from './stats-range.ts';

export type RangeChoice = { preset: RangePreset; from: string; to: string };

/** "This month", "Last 30 days"… or two dates; every tile and chart of the dashboard follows it. */
export function StatsRangePicker({
  choice,
  onChange,
}: {
  choice: RangeChoice;
  onChange: (choice: RangeChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="d-flex flex-wrap align-items-end gap-2">
      <legend className="visually-hidden">{t('uxNewUser.range.legend')}</legend>
      <div>
        <label className="form-label small mb-1" htmlFor={`${id}-preset`}>
          {t('uxNewUser.range.label')}
        </label>
        <select
          id={`${id}-preset`}
          className="form-select form-select-sm"
          value={choice.preset}
          onChange={(event) => onChange({ ...choice, preset: event.target.value as RangePreset })}
        >
          {RANGE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`uxNewUser.range.${preset}`)}
            </option>
          ))}
        </select>
      </div>
      {choice.preset === 'custom' && (
        <>
          <DayInput
            id={`${id}-from`}
            label={t('uxNewUser.range.from')}
            value={choice.from}
            max={choice.to}
            onChange={(from) => onChange({ ...choice, from })}
          />
          <DayInput
            id={`${id}-to`}
            label={t('uxNewUser.range.to')}
            value={choice.to}
            min={choice.from}
            onChange={(to) => onChange({ ...choice, to })}
          />
        </>
      )}
    </fieldset>
  );
}

function DayInput(props: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="date"
        className="form-control form-control-sm"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
