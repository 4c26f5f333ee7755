import { CUSTOMER_LIMITS, CUSTOMER_STATUSES, CUSTOMER_TYPES } from '@kontora/contract/customer-values';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption } from '../../../../components/select-field.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { TextareaField } from '../../../../components/textarea-field.tsx';
import { fieldErrorText } from '../../../../lib/form-errors.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useOwnerOptions } from '../../../shared/components/owner-options.ts';
import { useCountryOptions, withValue } from './country-options.ts';
import type { CustomerField, CustomerFormValues } from './customer-form-values.ts';

type CustomerFormFieldsProps = {
  register: UseFormRegister<CustomerFormValues>;
  errors: FieldErrors<CustomerFormValues>;
  /** Current values that change what is shown (type) or must stay selectable (country, owner). */
  values: Pick<CustomerFormValues, 'type' | 'country' | 'owner_id'>;
};

/** Every field of a customer, shared by "New customer" and "Edit". */
export function CustomerFormFields({ register, errors, values }: CustomerFormFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const countries = useCountryOptions();
  const owners = useOwnerOptions(useCompanyId()).options;
  const error = (name: CustomerField) => fieldErrorText(t, errors[name]?.message);
  const ownerOptions: SelectOption[] = [
    { value: '', label: t('crm.customer.noOwner') },
    ...withValue(owners, values.owner_id),
  ];

  return (
    <div className="row g-3">
      <fieldset className="col-12">
        <legend className="form-label fs-6 mb-1">{t('crm.fields.type')}</legend>
        {CUSTOMER_TYPES.map((type) => (
          <div key={type} className="form-check form-check-inline">
            <input
              id={`${id}-${type}`}
              type="radio"
              className="form-check-input"
              value={type}
              {...register('type')}
            />
            <label htmlFor={`${id}-${type}`} className="form-check-label">
              {t(`crm.customerType.${type}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {values.type === 'person' ? (
        <>
          <TextField
            className="col-12 col-md-6"
            label={t('crm.fields.first_name')}
            autoComplete="off"
            registration={register('first_name')}
            error={error('first_name')}
          />
          <TextField
            className="col-12 col-md-6"
            label={t('crm.fields.last_name')}
            autoComplete="off"
            registration={register('last_name')}
            error={error('last_name')}
          />
        </>
      ) : (
        <TextField
          className="col-12"
          label={t('crm.fields.organisation_name')}
          autoComplete="off"
          registration={register('organisation_name')}
          error={error('organisation_name')}
        />
      )}
      <TextField
        className="col-12"
        label={t('crm.fields.name')}
        hint={
          values.type === 'person' ? t('crm.customer.nameHintPerson') : t('crm.customer.nameHintOrganisation')
        }
        autoComplete="off"
        registration={register('name')}
        error={error('name')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('crm.fields.email')}
        type="email"
        autoComplete="off"
        registration={register('email')}
        error={error('email')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('crm.fields.phone')}
        type="tel"
        autoComplete="off"
        registration={register('phone')}
        error={error('phone')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('crm.fields.website')}
        autoComplete="off"
        registration={register('website')}
        error={error('website')}
      />
      <SelectField
        className="col-12 col-md-6"
        label={t('crm.fields.country')}
        options={[{ value: '', label: t('crm.customer.noCountry') }, ...withValue(countries, values.country)]}
        registration={register('country')}
        error={error('country')}
      />
      <TextField
        className="col-12"
        label={t('crm.fields.address')}
        autoComplete="off"
        registration={register('address')}
        error={error('address')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('crm.fields.oib')}
        hint={t('crm.customer.oibHint')}
        autoComplete="off"
        registration={register('oib')}
        error={error('oib')}
      />
      <SelectField
        className="col-12 col-md-6"
        label={t('crm.fields.status')}
        options={CUSTOMER_STATUSES.map((status) => ({ value: status, label: t(`crm.status.${status}`) }))}
        registration={register('status')}
        error={error('status')}
      />
      <SelectField
        className="col-12 col-md-6"
        label={t('crm.fields.owner')}
        options={ownerOptions}
        registration={register('owner_id')}
        error={error('owner_id')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('crm.fields.source')}
        hint={t('crm.customer.sourceHint')}
        autoComplete="off"
        registration={register('source')}
        error={error('source')}
      />
      <TextField
        className="col-12"
        label={t('crm.fields.tags')}
        hint={t('crm.customer.tagsHint', { max: CUSTOMER_LIMITS.tagsMax })}
        autoComplete="off"
        registration={register('tags')}
        error={error('tags')}
      />
      <TextareaField
        className="col-12"
        label={t('crm.fields.notes')}
        rows={3}
        maxLength={CUSTOMER_LIMITS.notesMax}
        registration={register('notes')}
        error={error('notes')}
      />
    </div>
  );
}
