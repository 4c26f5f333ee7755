import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import type { Pipeline } from '@kontora/contract/pipelines';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { CustomerPicker } from '../../shared/components/events/customer-picker.tsx';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import type { DealFormValues } from '../lib/deal-form-values.ts';

type Form = UseFormReturn<DealFormValues, unknown, unknown>;

/** The deal's fields; the stage list follows the chosen pipeline, the lost reason shows in a lost stage. */
export function DealFormFields({ form, pipelines }: { form: Form; pipelines: readonly Pipeline[] }) {
  const { t } = useTranslation();
  const owners = useOwnerOptions(useCompanyId()).options;
  const { register, formState, control, watch, setValue } = form;
  const error = (name: keyof DealFormValues) => fieldErrorText(t, formState.errors[name]?.message as string);
  const [pipelineId, stageId] = watch(['pipeline_id', 'stage_id']);
  const pipeline = pipelines.find((p) => String(p.id) === pipelineId) ?? pipelines[0];
  const stages = pipeline?.stages ?? [];
  const stage = stages.find((s) => String(s.id) === stageId);
  return (
    <>
      <TextField label={t('deals.fields.title')} registration={register('title')} error={error('title')} />
      <div className="row g-3">
        <TextField
          className="col-8"
          label={t('deals.fields.amount')}
          registration={register('amount')}
          error={error('amount')}
          type="text"
        />
        <TextField
          className="col-4"
          label={t('deals.fields.currency')}
          registration={register('currency')}
          error={error('currency')}
        />
        <SelectField
          className="col-12 col-md-6"
          label={t('deals.fields.pipeline')}
          registration={register('pipeline_id', {
            onChange: () => setValue('stage_id', ''),
          })}
          options={pipelines.map((p) => ({ value: String(p.id), label: p.name }))}
          error={error('pipeline_id')}
        />
        <SelectField
          className="col-12 col-md-6"
          label={t('deals.fields.stage')}
          registration={register('stage_id')}
          options={[
            { value: '', label: t('deals.fields.firstStage') },
            ...stages.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          error={error('stage_id')}
        />
        <TextField
          className="col-6"
          label={t('deals.fields.probability')}
          hint={stage ? t('deals.fields.probabilityHint', { value: stage.probability }) : undefined}
          registration={register('probability')}
          error={error('probability')}
        />
        <TextField
          className="col-6"
          type="date"
          label={t('deals.fields.expectedClose')}
          registration={register('expected_close_date')}
          error={error('expected_close_date')}
        />
      </div>
      <SelectField
        label={t('deals.fields.owner')}
        registration={register('owner_id')}
        options={[{ value: '', label: t('deals.fields.noOwner') }, ...owners]}
        error={error('owner_id')}
      />
      <Controller
        control={control}
        name="organisation"
        render={({ field }) => (
          <CustomerPicker
            label={t('deals.fields.organisation')}
            value={field.value}
            onChange={field.onChange}
            error={error('organisation')}
          />
        )}
      />
      <Controller
        control={control}
        name="people"
        render={({ field }) => (
          <PeopleField value={field.value} onChange={field.onChange} error={error('people')} />
        )}
      />
      {stage?.kind === 'lost' && (
        <TextField
          label={t('deals.fields.lostReason')}
          registration={register('lost_reason', { maxLength: DEAL_LIMITS.lostReasonMax })}
          error={error('lost_reason')}
        />
      )}
      <TextField
        label={t('deals.fields.tags')}
        hint={t('deals.fields.tagsHint')}
        registration={register('tags')}
        error={error('tags')}
      />
      <TextareaField
        label={t('deals.fields.notes')}
        registration={register('notes')}
        error={error('notes')}
        rows={3}
      />
    </>
  );
}

type Person = { id: number; name: string };

/** The people involved: each chosen with the customer picker, removable one by one. */
function PeopleField({
  value,
  onChange,
  error,
}: {
  value: Person[];
  onChange: (people: Person[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      {value.length > 0 && (
        <ul className="list-inline mb-2" aria-label={t('deals.fields.people')}>
          {value.map((person) => (
            <li key={person.id} className="list-inline-item badge text-bg-secondary me-1">
              {person.name}{' '}
              <button
                type="button"
                className="btn btn-sm btn-link p-0 text-reset"
                aria-label={t('deals.fields.removePerson', { name: person.name })}
                onClick={() => onChange(value.filter((p) => p.id !== person.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <CustomerPicker
        label={t('deals.fields.addPerson')}
        value={null}
        onChange={(person) => {
          if (person && !value.some((p) => p.id === person.id)) onChange([...value, person]);
        }}
        error={error}
      />
    </div>
  );
}
