import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCompany, UpdateCompanyBody } from '@kontora/contract/admin';
import { oibProblem } from '@kontora/contract/fields';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { resolverOptions } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText, setServerFieldErrors } from '../../../lib/server-problems.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import {
  COMPANY_FIELDS,
  CompanyFields,
  type CompanyFormValues,
  type CompanyOptions,
} from './company-fields.tsx';

/** Every detail at once; the OIB checked against the chosen country as the server does. */
const DetailsBody = UpdateCompanyBody.omit({ is_active: true })
  .required()
  .superRefine((v, ctx) => {
    const problem = oibProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['oib'], message: problem });
  });
type DetailsBody = UpdateCompanyBody;

const resolver = zodResolver(DetailsBody, resolverOptions) as unknown as Resolver<
  CompanyFormValues,
  unknown,
  DetailsBody
>;

const toForm = (company: AdminCompany): CompanyFormValues => ({
  name: company.name,
  legal_name: company.legal_name ?? '',
  oib: company.oib ?? '',
  address: company.address ?? '',
  country: company.country ?? '',
  time_zone: company.time_zone,
  currency: company.currency,
});

export function CompanyDetailsCard({ company, options }: { company: AdminCompany; options: CompanyOptions }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const form = useForm<CompanyFormValues, unknown, DetailsBody>({ resolver, defaultValues: toForm(company) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const values = form.watch(['country', 'currency']);

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      const saved = await update.mutateAsync(body);
      form.reset(toForm(saved));
      notify('success', t('admin.company.saved'));
    } catch (error) {
      setServerFieldErrors(error, form.setError, COMPANY_FIELDS);
      const text = problemText(t, error, COMPANY_FIELDS);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  return (
    <section className="card kt-card mb-4" aria-labelledby="company-details">
      <div className="card-body">
        <h2 className="h5 mb-3" id="company-details">
          {t('admin.company.details')}
        </h2>
        <form noValidate onSubmit={onSubmit}>
          {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
          <CompanyFields
            register={form.register}
            errors={errors}
            options={options}
            control={form.control}
            values={{ country: values[0], currency: values[1] }}
          />
          <div className="d-flex gap-2 mt-3">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              {isSubmitting ? t('common.saving') : t('common.save')}
            </button>
            {isDirty && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={isSubmitting}
                onClick={() => form.reset(toForm(company))}
              >
                {t('admin.common.reset')}
              </button>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}
