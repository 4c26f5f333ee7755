import { zodResolver } from '@hookform/resolvers/zod';
import { CreateCompanyBody } from '@kontora/contract/admin';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCreateAttempt } from '../../../lib/create-attempt.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, resolverOptions } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCreateCompany } from '../api/create-company.ts';
import {
  COMPANY_FIELDS,
  CompanyFields,
  type CompanyFormValues,
  type CompanyOptions,
  EMPTY_COMPANY,
  useCompanyOptions,
} from './company-fields.tsx';
import { ModuleCheckboxes } from './module-checkboxes.tsx';

const resolver = zodResolver(CreateCompanyBody, resolverOptions) as unknown as Resolver<
  CompanyFormValues,
  unknown,
  CreateCompanyBody
>;

/** "New company": details and the modules to start with; opens the new company's page. */
export function CreateCompanyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { options, error, refetch } = useCompanyOptions();
  return (
    <Modal open={open} onClose={onClose} title={t('admin.companies.createTitle')} size="lg">
      {open &&
        (options ? (
          <CreateCompanyForm options={options} onDone={onClose} />
        ) : error ? (
          <div className="modal-body">
            <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
              <span>{errorMessage(t, error)}</span>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void refetch()}>
                {t('common.retry')}
              </button>
            </div>
          </div>
        ) : (
          <div className="modal-body">
            <PageSpinner />
          </div>
        ))}
    </Modal>
  );
}

function CreateCompanyForm({ options, onDone }: { options: CompanyOptions; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const attempt = useCreateAttempt();
  const [modules, setModules] = useState<number[]>([0]);
  const form = useForm<CompanyFormValues, unknown, CreateCompanyBody>({
    resolver,
    defaultValues: EMPTY_COMPANY,
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch(['country', 'currency']);

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      const company = await attempt.create(create.mutateAsync, { ...body, modules });
      // A second submit of one click: the first one saves and moves on.
      if (!company) return;
      notify('success', t('admin.companies.created', { name: company.name }));
      onDone();
      await navigate(paths.admin.company.href(company.id));
    } catch (error) {
      applyServerErrors(form, error, COMPANY_FIELDS, { t });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <CompanyFields
          register={form.register}
          errors={errors}
          options={options}
          control={form.control}
          values={{ country: values[0], currency: values[1] }}
        />
        <div className="mt-3">
          <ModuleCheckboxes value={modules} onChange={setModules} legend={t('admin.company.modules')} />
        </div>
      </div>
      <ModalFormFooter
        submitLabel={t('admin.companies.createSubmit')}
        onCancel={onDone}
        busy={isSubmitting}
      />
    </form>
  );
}
