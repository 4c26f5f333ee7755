import { useMemo } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { TimeZoneCombobox } from '../../../components/time-zone-combobox.tsx';
import { useApplicationHelpers } from '../../../lib/api/get-application-helpers.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { reasonText } from '../../../lib/server-problems.ts';

/** A company's editable details as the form holds them: text, '' for "none". */
export type CompanyFormValues = {
  name: string;
  legal_name: string;
  oib: string;
  address: string;
  country: string;
  time_zone: string;
  currency: string;
};

export const COMPANY_FIELDS = [
  'name',
  'legal_name',
  'oib',
  'address',
  'country',
  'time_zone',
  'currency',
] as const satisfies readonly (keyof CompanyFormValues)[];

export const EMPTY_COMPANY: CompanyFormValues = {
  name: '',
  legal_name: '',
  oib: '',
  address: '',
  country: 'HR',
  time_zone: 'Europe/Zagreb',
  currency: 'EUR',
};

function displayName(type: 'region' | 'currency', language: string, code: string, fallback: string) {
  try {
    return new Intl.DisplayNames([language], { type }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Country, currency and time-zone choices in the reader's language (names from Intl), sorted by name. */
export function useCompanyOptions() {
  const helpers = useApplicationHelpers();
  const language = currentLanguage();
  const options = useMemo(() => {
    if (!helpers.data) return null;
    const collator = new Intl.Collator(language);
    const byLabel = (a: SelectOption, b: SelectOption) => collator.compare(a.label, b.label);
    const countries = helpers.data.countries
      .map((c) => ({ value: c.value, label: displayName('region', language, c.value, c.label) }))
      .sort(byLabel);
    const currencies = helpers.data.currencies
      .map((c) => ({
        value: c.value,
        label: `${c.value} · ${displayName('currency', language, c.value, c.label)}`,
      }))
      .sort((a, b) => a.value.localeCompare(b.value));
    return { countries, currencies, timeZones: helpers.data.time_zones };
  }, [helpers.data, language]);
  return { options, isPending: helpers.isPending, error: helpers.error, refetch: helpers.refetch };
}

export type CompanyOptions = NonNullable<ReturnType<typeof useCompanyOptions>['options']>;

/** A stored value the list does not know still shows as itself, so a save never changes it silently. */
const withValue = (options: SelectOption[], value: string, label = value) =>
  value && !options.some((o) => o.value === value) ? [{ value, label }, ...options] : options;

/** `Out` is what the form's schema makes of the values (create and update differ). */
type CompanyFieldsProps<Out> = {
  register: UseFormRegister<CompanyFormValues>;
  /** For the time-zone picker, which is not a native control. */
  control: Control<CompanyFormValues, unknown, Out>;
  errors: FieldErrors<CompanyFormValues>;
  options: CompanyOptions;
  /** Current values of the selects (to keep unknown stored values selectable). */
  values: Pick<CompanyFormValues, 'country' | 'currency'>;
};

/** The details of a company, shared by the create dialog and the company page. */
export function CompanyFields<Out>({ register, control, errors, options, values }: CompanyFieldsProps<Out>) {
  const { t } = useTranslation();
  // A retired code kept from before (HRK…) shows by name, marked as no longer in use.
  const retired = t('uxSettings.retiredCurrency', {
    name: `${values.currency} · ${displayName('currency', currentLanguage(), values.currency, values.currency)}`,
  });
  const error = (name: keyof CompanyFormValues) => reasonText(t, errors[name]?.message);
  return (
    <div className="row g-3">
      <TextField
        className="col-12 col-md-6"
        label={t('admin.fields.name')}
        autoComplete="off"
        registration={register('name')}
        error={error('name')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('admin.fields.legal_name')}
        autoComplete="off"
        registration={register('legal_name')}
        error={error('legal_name')}
      />
      <TextField
        className="col-12 col-md-6"
        label={t('admin.fields.oib')}
        hint={t('admin.company.oibHint')}
        autoComplete="off"
        registration={register('oib')}
        error={error('oib')}
      />
      <SelectField
        className="col-12 col-md-6"
        label={t('admin.fields.country')}
        options={[
          { value: '', label: t('admin.company.noCountry') },
          ...withValue(options.countries, values.country),
        ]}
        registration={register('country')}
        error={error('country')}
      />
      <TextField
        className="col-12"
        label={t('admin.fields.address')}
        autoComplete="off"
        registration={register('address')}
        error={error('address')}
      />
      <Controller
        control={control}
        name="time_zone"
        render={({ field }) => (
          <TimeZoneCombobox
            className="col-12 col-md-6"
            label={t('admin.fields.time_zone')}
            zones={options.timeZones}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error('time_zone')}
          />
        )}
      />
      <SelectField
        className="col-12 col-md-6"
        label={t('admin.fields.currency')}
        options={withValue(options.currencies, values.currency, retired)}
        registration={register('currency')}
        error={error('currency')}
      />
    </div>
  );
}
