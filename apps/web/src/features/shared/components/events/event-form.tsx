import { EVENT_PRIORITIES, EVENT_TYPES, type TodoEvent } from '@kontora/contract/events';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { SelectField } from '../../../../components/select-field.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { TextareaField } from '../../../../components/textarea-field.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { browserTimeZone } from '../../../../lib/browser-time-zone.ts';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { fieldErrorText } from '../../../../lib/form-errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText } from '../../../../lib/server-problems.ts';
import { useSession } from '../../../../lib/session.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useCreateEvent } from '../../api/create-event.ts';
import { invalidateCrm } from '../../api/crm-keys.ts';
import { useDeleteEvent } from '../../api/delete-event.ts';
import { useUpdateEvent } from '../../api/update-event.ts';
import { ChangedUnderneathNotice } from '../changed-underneath-notice.tsx';
import { meIfMember, useOwnerOptions } from '../owner-options.ts';
import { CustomerPicker } from './customer-picker.tsx';
import {
  API_TO_FORM,
  changedEventFields,
  draftValues,
  EVENT_FORM_FIELDS,
  type EventDraft,
  type EventFormField,
  type EventFormValues,
  eventValues,
  sameRepeat,
  switchAllDay,
  toEventBody,
} from './event-form-values.ts';
import { useOccurrenceScope } from './occurrence-scope.tsx';
import { ReminderFields } from './reminder-fields.tsx';
import { RepeatFields } from './repeat-fields.tsx';
import { useEditedVersion } from './use-edited-version.ts';

type EventFormProps = {
  event: TodoEvent | null;
  draft: EventDraft;
  timeZone: string;
  onDone: () => void;
  onSaved?: ((event: TodoEvent) => void) | undefined;
};

export function EventForm({ event, draft, timeZone, onDone, onSaved }: EventFormProps) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const owners = useOwnerOptions(companyId);
  const create = useCreateEvent(companyId);
  const attempt = useCreateAttempt();
  const update = useUpdateEvent(companyId);
  const remove = useDeleteEvent(companyId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const scope = useOccurrenceScope();
  /** For an occurrence of a repeating to-do: which occurrences the change is for (null: cancelled). */
  const target = async (action: 'edit' | 'delete') => {
    if (!event?.occurrence_start) return undefined;
    const chosen = await scope.ask(action);
    return chosen ? { start: event.occurrence_start, scope: chosen } : null;
  };
  const initial = useMemo(
    () =>
      event
        ? eventValues(event, timeZone)
        : draftValues(draft, timeZone, meIfMember(owners.options, user?.id)),
    [event, draft, timeZone, user?.id, owners.options],
  );
  const form = useForm<EventFormValues>({ defaultValues: initial });
  const edited = useEditedVersion(event, form, timeZone);
  // What a save measures its changes against: the version taken in last (a reload moves it on).
  const baseValues = useMemo(
    () => (edited.base ? eventValues(edited.base, timeZone) : initial),
    [edited.base, timeZone, initial],
  );
  const { errors, isSubmitting } = form.formState;
  const allDay = form.watch('all_day');
  const customerId = form.watch('customer_id');
  const customerName = form.watch('customer_name');
  const errorText = (field: EventFormField) => fieldErrorText(t, errors[field]?.message);

  const setProblems = (problems: Partial<Record<EventFormField, string>>) => {
    let first = true;
    for (const [field, code] of Object.entries(problems)) {
      form.setError(
        field as Path<EventFormValues>,
        { type: 'validate', message: code },
        { shouldFocus: first },
      );
      first = false;
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors();
    const result = toEventBody(values, timeZone);
    if (result.problems) return setProblems(result.problems);
    try {
      let saved: TodoEvent;
      if (edited.base) {
        const before = toEventBody(baseValues, timeZone).body;
        const changes = before ? changedEventFields(before, result.body) : result.body;
        // The rule text is rebuilt from the form: unchanged choices must not read as a new rule.
        if (sameRepeat(baseValues, values)) delete changes.recurrence;
        if (Object.keys(changes).length === 0) return onDone();
        const occurrence = await target('edit');
        if (occurrence === null) return;
        saved = await update.mutateAsync({
          id: edited.base.id,
          body: { ...changes, version: edited.base.version },
          occurrence,
        });
        notify('success', t('crm.eventDialog.saved', { title: saved.title }));
      } else {
        const created = await attempt.create(create.mutateAsync, result.body);
        // A second submit of one click (the button is not drawn disabled yet): the first one saves.
        if (!created) return;
        saved = created;
        notify('success', t('crm.eventDialog.created', { title: saved.title }));
      }
      onSaved?.(saved);
      onDone();
    } catch (error) {
      const problems: Partial<Record<EventFormField, string>> = {};
      // Someone else saved first: fetch their version, so reopening shows it.
      if (isApiError(error) && error.code === 'stale_update') void invalidateCrm(queryClient, companyId);
      if (isApiError(error)) {
        for (const [path, codes] of Object.entries(error.details)) {
          const key = path.split('.').at(-1) ?? path;
          const field = API_TO_FORM[key] ?? (key as EventFormField);
          if (codes[0] && EVENT_FORM_FIELDS.includes(field)) problems[field] ??= codes[0];
        }
      }
      setProblems(problems);
      const shown = Object.keys(problems).flatMap((f) => [
        f,
        ...(f === 'start' ? ['start_at'] : f === 'end' ? ['end_at'] : []),
      ]);
      const text = problemText(t, error, shown);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  const onDelete = async () => {
    if (!event) return;
    try {
      const occurrence = await target('delete');
      if (occurrence === null) return setConfirmDelete(false);
      await remove.mutateAsync({ id: event.id, occurrence });
      notify('success', t('crm.eventDialog.deleted', { title: event.title }));
      setConfirmDelete(false);
      onDone();
    } catch {
      // The confirmation shows the failure.
    }
  };

  const assigneeOptions = [{ value: '', label: t('crm.eventDialog.nobody') }, ...owners.options];
  const inputType = allDay ? 'date' : 'datetime-local';
  const otherZone = timeZone !== browserTimeZone();

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        {edited.base && (
          <ChangedUnderneathNotice
            record="event"
            id={edited.base.id}
            baseVersion={edited.base.version}
            reloading={edited.reloading}
            onReload={() => void edited.reload()}
          />
        )}
        <TextField
          label={t('crm.eventFields.title')}
          registration={form.register('title')}
          error={errorText('title')}
        />
        <div className="row g-3">
          <SelectField
            className="col-md-6"
            label={t('crm.eventFields.type')}
            registration={form.register('type')}
            options={EVENT_TYPES.map((type) => ({ value: type, label: t(`crm.eventType.${type}`) }))}
            error={errorText('type')}
          />
          <SelectField
            className="col-md-6"
            label={t('crm.eventFields.priority')}
            registration={form.register('priority')}
            options={EVENT_PRIORITIES.map((p) => ({ value: p, label: t(`crm.priority.${p}`) }))}
            error={errorText('priority')}
          />
        </div>
        <div className="form-check form-switch my-3">
          <input
            id="kt-event-all-day"
            type="checkbox"
            role="switch"
            aria-checked={allDay}
            className="form-check-input"
            {...form.register('all_day', {
              onChange: (change: { target: { checked: boolean } }) => {
                const next = switchAllDay(form.getValues(), change.target.checked);
                form.setValue('start', next.start);
                form.setValue('end', next.end);
              },
            })}
          />
          <label htmlFor="kt-event-all-day" className="form-check-label">
            {t('crm.eventFields.all_day')}
          </label>
        </div>
        <div className="row g-3">
          <TextField
            className="col-md-6"
            type={inputType}
            label={allDay ? t('crm.eventDialog.firstDay') : t('crm.eventFields.start_at')}
            registration={form.register('start')}
            error={errorText('start')}
            hint={otherZone ? t('crm.eventDialog.timesIn', { zone: timeZone }) : undefined}
          />
          <TextField
            className="col-md-6"
            type={inputType}
            label={allDay ? t('crm.eventDialog.lastDay') : t('crm.eventFields.end_at')}
            registration={form.register('end')}
            error={errorText('end')}
            hint={t('crm.eventDialog.endOptional')}
          />
        </div>
        <div className="row g-3 mt-0">
          <SelectField
            className="col-md-6"
            label={t('crm.eventFields.assignee')}
            registration={form.register('assignee_id')}
            options={assigneeOptions}
            error={errorText('assignee_id')}
          />
          <div className="col-md-6">
            <CustomerPicker
              label={t('crm.eventFields.customer')}
              value={customerId === null ? null : { id: customerId, name: customerName }}
              onChange={(customer) => {
                form.setValue('customer_id', customer?.id ?? null, { shouldDirty: true });
                form.setValue('customer_name', customer?.name ?? '');
                form.clearErrors('customer_id');
              }}
              error={errorText('customer_id')}
            />
          </div>
        </div>
        <div className="row g-3">
          <TextField
            className="col-md-6"
            label={t('crm.eventFields.location')}
            registration={form.register('location')}
            error={errorText('location')}
          />
          <ReminderFields form={form} error={errorText('reminders')} />
        </div>
        <RepeatFields form={form} error={errorText('repeat')} />
        <TextareaField
          className="mb-1"
          label={t('crm.eventFields.description')}
          registration={form.register('description')}
          error={errorText('description')}
        />
      </div>
      <div className="modal-footer">
        {event && (
          <button
            type="button"
            className="btn btn-outline-danger me-auto"
            onClick={() => setConfirmDelete(true)}
            disabled={isSubmitting}
          >
            {t('crm.eventDialog.delete')}
          </button>
        )}
        <button type="button" className="btn btn-outline-secondary" onClick={onDone} disabled={isSubmitting}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {event ? t('common.save') : t('crm.eventDialog.createSubmit')}
        </button>
      </div>
      {scope.dialog}
      {event && (
        <ConfirmDialog
          open={confirmDelete}
          title={t('crm.eventDialog.deleteTitle')}
          confirmLabel={t('crm.eventDialog.delete')}
          danger
          busy={remove.isPending}
          error={remove.error ? problemText(t, remove.error) : null}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirmDelete(false)}
        >
          {t('crm.eventDialog.deleteText', { title: event.title })}
        </ConfirmDialog>
      )}
    </form>
  );
}
