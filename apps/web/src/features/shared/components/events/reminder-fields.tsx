import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EventFormValues, REMINDER_CHOICES } from './event-form-values.ts';

/** Reminders by mail to the assignee, any of a few times before the start. */
export function ReminderFields({ form, error }: { form: UseFormReturn<EventFormValues>; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="col-md-6">
      <legend className="form-label fs-6 mb-2">{t('reminders.label')}</legend>
      {REMINDER_CHOICES.map((m) => (
        <div key={m} className="form-check">
          <input
            id={`${id}-${m}`}
            type="checkbox"
            className="form-check-input"
            value={String(m)}
            {...form.register('reminders')}
          />
          <label className="form-check-label" htmlFor={`${id}-${m}`}>
            {m === 1440 ? t('crm.eventDialog.dayBefore') : t('crm.eventDialog.minutesBefore', { count: m })}
          </label>
        </div>
      ))}
      <div className="form-text">{t('reminders.hint')}</div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
