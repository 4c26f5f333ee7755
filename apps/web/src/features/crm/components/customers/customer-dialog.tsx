import type { CustomField } from '@kontora/contract/custom-fields';
import type { Customer, CustomerCreateBody, CustomerUpdateInput } from '@kontora/contract/customers';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { paths } from '../../../../config/paths.ts';
import { isApiError } from '../../../../lib/api-client.ts';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { followLatest } from '../../../../lib/follow-latest.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText, setServerFieldErrors } from '../../../../lib/server-problems.ts';
import { useSession } from '../../../../lib/session.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useTeam } from '../../../shared/api/get-team.ts';
import { CustomFieldInputs } from '../../../shared/components/custom-fields/custom-field-inputs.tsx';
import {
  customProblems,
  followLatestCustom,
  useCustomInputProps,
  useFormCustomFields,
} from '../../../shared/components/custom-fields/custom-form.ts';
import {
  changedValues,
  createValues,
  toInputs,
} from '../../../shared/components/custom-fields/custom-inputs.ts';
import { EditConflictNotice } from '../../../shared/components/edit-conflict-notice.tsx';
import { meIfMember, useOwnerOptions } from '../../../shared/components/owner-options.ts';
import { useCreateCustomer } from '../../api/create-customer.ts';
import { useCustomer } from '../../api/get-customer.ts';
import { useUpdateCustomer } from '../../api/update-customer.ts';
import { DuplicateWarning } from '../duplicates/duplicate-warning.tsx';
import { CustomerFormFields } from './customer-form-fields.tsx';
import {
  CUSTOMER_FORM_FIELDS,
  type CustomerFormValues,
  changedFields,
  customerResolver,
  EMPTY_CUSTOMER,
  organisationsChanged,
  toFormValues,
} from './customer-form-values.ts';
import { OrganisationLinksEditor } from './organisation-links-editor.tsx';

type Form = UseFormReturn<CustomerFormValues, unknown, CustomerCreateBody>;

/**
 * "New customer" (opens the new customer's page) or "Edit" of a loaded one.
 * Escape, the close button, the backdrop and Cancel ask before throwing away
 * what was typed (the form reports whether it differs from where it started).
 */
export function CustomerDialog({
  open,
  onClose,
  customer,
}: {
  open: boolean;
  onClose: () => void;
  customer?: Customer;
}) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const title = customer
    ? t('crm.customer.editTitle', { name: customer.name })
    : t('crm.customer.createTitle');
  const done = () => {
    dirty.current = false;
    setConfirming(false);
    onClose();
  };
  const requestClose = () => {
    if (dirty.current) setConfirming(true);
    else done();
  };
  const onDirtyChange = (value: boolean) => {
    dirty.current = value;
  };
  return (
    <>
      <Modal open={open} onClose={requestClose} title={title} size="lg">
        {open &&
          (customer ? (
            <EditCustomerForm
              customer={customer}
              onDone={done}
              onCancel={requestClose}
              onDirtyChange={onDirtyChange}
            />
          ) : (
            <CreateCustomerForm onDone={done} onCancel={requestClose} onDirtyChange={onDirtyChange} />
          ))}
      </Modal>
      {/* A sibling, not a child, of the form's dialog: it opens above it and its Escape closes only itself. */}
      <ConfirmDialog
        open={open && confirming}
        title={t('uxCustomer.discard.title')}
        confirmLabel={t('uxCustomer.discard.confirm')}
        danger
        onConfirm={done}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">{t('uxCustomer.discard.text')}</p>
      </ConfirmDialog>
    </>
  );
}

type FormCallbacks = { onDone: () => void; onCancel: () => void; onDirtyChange: (dirty: boolean) => void };

function useCustomerForm(defaultValues: CustomerFormValues): Form {
  return useForm<CustomerFormValues, unknown, CustomerCreateBody>({
    resolver: customerResolver,
    defaultValues,
  });
}

/** Server problems onto the fields (`custom.{key}` onto the company's fields); anything else above the form. */
function showServerProblems(
  form: Form,
  error: unknown,
  t: ReturnType<typeof useTranslation>['t'],
  fields: readonly CustomField[],
): void {
  setServerFieldErrors(error, form.setError, CUSTOMER_FORM_FIELDS);
  for (const [key, code] of customProblems(error, fields))
    form.setError(`custom.${key}`, { type: 'server', message: code });
  const text = problemText(t, error, [...CUSTOMER_FORM_FIELDS, ...fields.map((field) => field.key)]);
  if (text) form.setError('root', { type: 'server', message: text });
}

const spinner = (
  <div className="modal-body">
    <PageSpinner />
  </div>
);

/** A new customer's owner is the person adding it (when a member); the owner list is there first. */
function CreateCustomerForm(props: FormCallbacks) {
  const companyId = useCompanyId();
  const team = useTeam(companyId);
  const owners = useOwnerOptions(companyId).options;
  const { user } = useSession();
  const fields = useFormCustomFields('customer');
  if (team.isPending || !fields) return spinner;
  return (
    <NewCustomerForm
      {...props}
      fields={fields}
      initial={{ ...EMPTY_CUSTOMER, owner_id: meIfMember(owners, user?.id), custom: {} }}
    />
  );
}

function NewCustomerForm({
  onDone,
  onCancel,
  onDirtyChange,
  initial,
  fields,
}: FormCallbacks & { initial: CustomerFormValues; fields: CustomField[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCustomer(useCompanyId());
  const attempt = useCreateAttempt();
  const form = useCustomerForm(initial);

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      const custom = createValues(fields, form.getValues('custom'));
      const withCustom = Object.keys(custom).length > 0 ? { ...body, custom } : body;
      const customer = await attempt.create(create.mutateAsync, withCustom);
      // A second submit of one click: the first one saves and moves on.
      if (!customer) return;
      notify('success', t('crm.customer.created', { name: customer.name }));
      onDone();
      await navigate(paths.company.customer.href(customer.id));
    } catch (error) {
      showServerProblems(form, error, t, fields);
    }
  });

  return (
    <CustomerFormBody
      form={form}
      fields={fields}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
      onLeave={onDone}
      submitLabel={t('crm.customer.create')}
    />
  );
}

function EditCustomerForm(props: FormCallbacks & { customer: Customer }) {
  const fields = useFormCustomFields('customer');
  if (!fields) return spinner;
  return <EditCustomerFields {...props} fields={fields} />;
}

function EditCustomerFields({
  customer,
  onDone,
  onCancel,
  onDirtyChange,
  fields,
}: FormCallbacks & { customer: Customer; fields: CustomField[] }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const update = useUpdateCustomer(companyId, customer.id);
  const latest = useCustomer(companyId, customer.id);
  // What the edit is based on: the version sent and the values the changes are measured against.
  const [base, setBase] = useState(customer);
  const [stale, setStale] = useState(false);
  const valuesOf = (c: Customer): CustomerFormValues => ({
    ...toFormValues(c),
    custom: toInputs(fields, c.custom),
  });
  const form = useCustomerForm(valuesOf(customer));

  const onSubmit = form.handleSubmit(async (checked) => {
    form.clearErrors('root');
    const changed = changedFields(toFormValues(base), form.getValues());
    const links = organisationsChanged(toFormValues(base), form.getValues());
    const custom = changedValues(fields, toInputs(fields, base.custom), form.getValues('custom'));
    const customChanged = Object.keys(custom).length > 0;
    if (changed.length === 0 && !links && !customChanged) {
      onDone();
      return;
    }
    // The checked customer has every field; only what was changed is sent, so
    // that a concurrent change of another field is not overwritten.
    const body: CustomerUpdateInput = { version: base.version };
    for (const field of changed) Object.assign(body, { [field]: checked[field] });
    if (links) body.organisations = checked.organisations;
    if (customChanged) body.custom = custom;
    try {
      const saved = await update.mutateAsync(body);
      notify('success', t('crm.customer.saved', { name: saved.name }));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'stale_update') {
        setStale(true);
        return;
      }
      showServerProblems(form, error, t, fields);
    }
  });

  /**
   * Takes the latest version as the new base: fields the person has not touched
   * follow it; what they typed stays, to be saved over the latest version.
   */
  const reload = async () => {
    const result = await latest.refetch();
    if (!result.data) {
      form.setError('root', { type: 'server', message: errorMessage(t, result.error) });
      return;
    }
    followLatest(form, CUSTOMER_FORM_FIELDS, toFormValues(base), toFormValues(result.data));
    const latestCustom = toInputs(fields, result.data.custom);
    form.setValue(
      'custom',
      followLatestCustom(form.getValues('custom'), toInputs(fields, base.custom), latestCustom),
    );
    setBase(result.data);
    setStale(false);
  };

  return (
    <CustomerFormBody
      form={form}
      fields={fields}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
      onLeave={onDone}
      excludeId={customer.id}
      submitLabel={t('common.save')}
      notice={
        <EditConflictNotice
          stale={stale}
          reloadLabel={t('crm.customer.reloadKeep')}
          record="customer"
          id={customer.id}
          baseVersion={base.version}
          reloading={latest.isFetching}
          onReload={() => void reload()}
        />
      }
    />
  );
}

function CustomerFormBody({
  form,
  fields,
  onSubmit,
  onCancel,
  submitLabel,
  notice,
  excludeId,
  onDirtyChange,
  onLeave,
}: {
  form: Form;
  fields: readonly CustomField[];
  onSubmit: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** Opening a possible duplicate leaves the form on purpose: no question asked. */
  onLeave: () => void;
  submitLabel: string;
  notice?: ReactNode;
  /** The customer being edited, left out of the duplicate warning. */
  excludeId?: number;
}) {
  const { t } = useTranslation();
  const { errors, isSubmitting, isDirty } = form.formState;
  const customInputs = useCustomInputProps(form, fields);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const [type, country, owner_id] = form.watch(['type', 'country', 'owner_id']);
  const watched = form.watch([
    'name',
    'first_name',
    'last_name',
    'organisation_name',
    'email',
    'phone',
    'oib',
    'address',
  ]);
  const [name, first_name, last_name, organisation_name, email, phone, oib, address] = watched;
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {notice}
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <CustomerFormFields register={form.register} errors={errors} values={{ type, country, owner_id }} />
        <CustomFieldInputs {...customInputs} />
        {type === 'person' && (
          <fieldset className="mt-3">
            <legend className="form-label fs-6">{t('peopleOrgs.organisations')}</legend>
            <OrganisationLinksEditor
              value={form.watch('organisations')}
              onChange={(links) => form.setValue('organisations', links, { shouldDirty: true })}
              excludeId={excludeId}
            />
          </fieldset>
        )}
        <DuplicateWarning
          values={{
            type,
            country,
            name,
            first_name,
            last_name,
            organisation_name,
            email,
            phone,
            oib,
            address,
          }}
          excludeId={excludeId}
          onOpen={onLeave}
        />
      </div>
      <div className="modal-footer">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={isSubmitting}
        >
          {t('crm.customer.cancel')}
        </button>
        <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
