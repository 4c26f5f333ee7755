import { WEEKDAYS } from '@kontora/contract/recurrence';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../components/select-field.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import type { EventFormValues } from './event-form-values.ts';
import { REPEAT_CHOICES, REPEAT_ENDS, weekdayOf, weekOfMonth } from './repeat-values.ts';

// 5–11 January 2026 is a Monday-to-Sunday week: the weekday names in the person's language.
const weekdayName = (language: string, index: number) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 0, 5 + index)),
  );

const nthKey = (n: number) => (n === -1 ? 'last' : (String(n) as '1' | '2' | '3' | '4'));

/** The repeat control of the to-do dialog: pattern, weekdays (weekly), end. */
export function RepeatFields({ form, error }: { form: UseFormReturn<EventFormValues>; error?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const repeat = form.watch('repeat');
  const end = form.watch('repeat_end');
  const start = form.watch('start').slice(0, 10);
  const daysId = useId();
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(start);
  const dayIndex = validStart ? WEEKDAYS.indexOf(weekdayOf(start)) : 0;
  const labels = {
    '': t('recurrence.none'),
    DAILY: t('recurrence.daily'),
    WEEKLY: t('recurrence.weekly'),
    MONTHLY: t('recurrence.monthlyDay', { day: validStart ? Number(start.slice(8, 10)) : 1 }),
    MONTHLY_WEEKDAY: t('recurrence.monthlyWeekday', {
      nth: t(`recurrence.nth.${nthKey(validStart ? weekOfMonth(start) : 1)}`),
      weekday: weekdayName(language, dayIndex),
    }),
    YEARLY: t('recurrence.yearly'),
  };

  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 float-none w-auto px-1 mb-0">{t('recurrence.legend')}</legend>
      <div className="row g-3">
        <SelectField
          className="col-md-6"
          label={t('recurrence.repeat')}
          registration={form.register('repeat')}
          options={REPEAT_CHOICES.map((value) => ({ value, label: labels[value] }))}
          error={error}
        />
        {repeat && (
          <SelectField
            className="col-md-6"
            label={t('recurrence.ends')}
            registration={form.register('repeat_end')}
            options={REPEAT_ENDS.map((value) => ({ value, label: t(`recurrence.end.${value}`) }))}
          />
        )}
      </div>
      {repeat === 'WEEKLY' && (
        <fieldset className="mt-2">
          <legend className="form-label fs-6 mb-1">{t('recurrence.onDays')}</legend>
          {WEEKDAYS.map((day, i) => (
            <div key={day} className="form-check form-check-inline">
              <input
                id={`${daysId}-${day}`}
                type="checkbox"
                className="form-check-input"
                value={day}
                {...form.register('repeat_days')}
              />
              <label className="form-check-label" htmlFor={`${daysId}-${day}`}>
                {weekdayName(language, i)}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {repeat && end === 'until' && (
        <TextField
          className="mt-2"
          type="date"
          label={t('recurrence.untilDate')}
          registration={form.register('repeat_until')}
        />
      )}
      {repeat && end === 'count' && (
        <TextField
          className="mt-2"
          type="number"
          label={t('recurrence.count')}
          registration={form.register('repeat_count')}
        />
      )}
    </fieldset>
  );
}
