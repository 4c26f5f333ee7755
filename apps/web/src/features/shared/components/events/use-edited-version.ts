import type { TodoEvent } from '@kontora/contract/events';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors.ts';
import { followLatest } from '../../../../lib/follow-latest.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { getEvent } from '../../api/get-event.ts';
import { type EventFormValues, eventValues } from './event-form-values.ts';

/** Every value of the form, so that a reload also moves the repeat details and the customer's name. */
const ALL_VALUES = (values: EventFormValues) => Object.keys(values) as (keyof EventFormValues)[];

/**
 * The version of a to-do an open edit form is based on (what a save sends and
 * measures its changes against), and its reload when someone else saved a
 * newer one: untouched fields follow it, what the person typed stays.
 */
export function useEditedVersion(
  event: TodoEvent | null,
  form: UseFormReturn<EventFormValues>,
  timeZone: string,
) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const [base, setBase] = useState(event);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const latest = await getEvent(companyId, base.id, base.occurrence_start);
      const before = eventValues(base, timeZone);
      followLatest(form, ALL_VALUES(before), before, eventValues(latest, timeZone));
      setBase(latest);
    } catch (error) {
      form.setError('root', { type: 'server', message: errorMessage(t, error) });
    } finally {
      setReloading(false);
    }
  };

  return { base, reloading, reload };
}
