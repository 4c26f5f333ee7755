import type { CustomField } from '@kontora/contract/custom-fields';
import type { Deal, DealCreateInput, DealUpdateInput } from '@kontora/contract/deals';
import { type ReactNode, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { followLatest } from '../../../lib/follow-latest.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { usePipelines } from '../../shared/api/get-pipelines.ts';
import { CustomFieldInputs } from '../../shared/components/custom-fields/custom-field-inputs.tsx';
import {
  customProblems,
  followLatestCustom,
  useCustomInputProps,
  useFormCustomFields,
} from '../../shared/components/custom-fields/custom-form.ts';
import {
  changedValues,
  createValues,
  toInputs,
} from '../../shared/components/custom-fields/custom-inputs.ts';
import { EditConflictNotice } from '../../shared/components/edit-conflict-notice.tsx';
import { useDeal } from '../api/get-deal.ts';
import { useCreateDeal, useUpdateDeal } from '../api/save-deal.ts';
import {
  changedBody,
  DEAL_FIELD_RENAMES,
  DEAL_FORM_FIELDS,
  type DealFormValues,
  dealResolver,
  emptyDeal,
  toFormValues,
} from '../lib/deal-form-values.ts';
import { DealFormFields } from './deal-form-fields.tsx';

type Form = UseFormReturn<DealFormValues, unknown, DealCreateInput>;

type DealDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Edit this deal; without it, create one. */
  deal?: Deal;
  /** Names of the deal's people, for the edit form's list. */
  peopleNames?: ReadonlyMap<number, string>;
  /** Preset of a new deal (the board's column, a customer's page). */
  draft?: { pipeline_id?: number | undefined; stage_id?: number | undefined };
  /** Open the new deal's page once made (the list); the board stays, showing the new card. */
  openCreated?: boolean;
};

/** "New deal" (opens the new deal's page unless made on the board) or "Edit" of a loaded one. */
export function DealDialog({
  open,
  onClose,
  deal,
  peopleNames,
  draft,
  openCreated = false,
}: DealDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={deal ? t('deals.editTitle', { title: deal.title }) : t('deals.new')}
      size="lg"
    >
      {open && (
        <WithCustomFields>
          {(fields) =>
            deal ? (
              <EditDealForm
                deal={deal}
                peopleNames={peopleNames ?? new Map()}
                onDone={onClose}
                fields={fields}
              />
            ) : (
              <CreateDealForm
                draft={draft ?? {}}
                onDone={onClose}
                openCreated={openCreated}
                fields={fields}
              />
            )
          }
        </WithCustomFields>
      )}
    </Modal>
  );
}

/** The form waits for the company's deal fields: its values depend on their types. */
function WithCustomFields({ children }: { children: (fields: CustomField[]) => ReactNode }) {
  const fields = useFormCustomFields('deal');
  if (!fields)
    return (
      <div className="modal-body">
        <PageSpinner />
      </div>
    );
  return children(fields);
}

function showServerProblems(
  form: Form,
  error: unknown,
  t: ReturnType<typeof useTranslation>['t'],
  fields: readonly CustomField[],
) {
  const shownElsewhere = fields.map((field) => field.key);
  applyServerErrors(form, error, DEAL_FORM_FIELDS, { t, rename: DEAL_FIELD_RENAMES, shownElsewhere });
  for (const [key, code] of customProblems(error, fields))
    form.setError(`custom.${key}`, { type: 'server', message: code });
}

function CreateDealForm({
  draft,
  onDone,
  openCreated,
  fields,
}: {
  draft: NonNullable<DealDialogProps['draft']>;
  onDone: () => void;
  openCreated: boolean;
  fields: CustomField[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companyId = useCompanyId();
  const currency = useCompanyProfile(companyId).data?.currency ?? '';
  const create = useCreateDeal(companyId);
  const form = useForm<DealFormValues, unknown, DealCreateInput>({
    resolver: dealResolver,
    defaultValues: emptyDeal({
      currency,
      pipeline_id: draft.pipeline_id ? String(draft.pipeline_id) : '',
      stage_id: draft.stage_id ? String(draft.stage_id) : '',
    }),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const custom = createValues(fields, form.getValues('custom'));
      const saved = await create.mutateAsync(Object.keys(custom).length > 0 ? { ...body, custom } : body);
      notify('success', t('deals.created', { title: saved.title }));
      onDone();
      if (openCreated) await navigate(paths.company.deal.href(saved.id));
    } catch (error) {
      showServerProblems(form, error, t, fields);
    }
  });
  return (
    <DealFormBody
      form={form}
      fields={fields}
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('deals.create')}
    />
  );
}

function EditDealForm({
  deal,
  peopleNames,
  onDone,
  fields,
}: {
  deal: Deal;
  peopleNames: ReadonlyMap<number, string>;
  onDone: () => void;
  fields: CustomField[];
}) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const update = useUpdateDeal(companyId, deal.id);
  const latest = useDeal(companyId, deal.id);
  // What the edit is based on: the version sent and the values changes are measured against.
  const [base, setBase] = useState(deal);
  const [stale, setStale] = useState(false);
  const form = useForm<DealFormValues, unknown, DealCreateInput>({
    resolver: dealResolver,
    defaultValues: { ...toFormValues(deal, peopleNames), custom: toInputs(fields, deal.custom) },
  });
  const onSubmit = form.handleSubmit(async () => {
    const changed = changedBody(toFormValues(base, peopleNames), form.getValues());
    const custom = changedValues(fields, toInputs(fields, base.custom), form.getValues('custom'));
    if (Object.keys(custom).length > 0) Object.assign(changed, { custom });
    if (Object.keys(changed).length === 0) return onDone();
    const body = { ...changed, version: base.version } as DealUpdateInput;
    try {
      const saved = await update.mutateAsync(body);
      notify('success', t('deals.saved', { title: saved.title }));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'stale_update') setStale(true);
      else showServerProblems(form, error, t, fields);
    }
  });
  /** The latest version becomes the base: untouched fields follow it, what was typed stays. */
  const reload = async () => {
    const result = await latest.refetch();
    if (!result.data) {
      form.setError('root', { type: 'server', message: errorMessage(t, result.error) });
      return;
    }
    followLatest(
      form,
      DEAL_FORM_FIELDS,
      toFormValues(base, peopleNames),
      toFormValues(result.data, peopleNames),
    );
    const latestCustom = toInputs(fields, result.data.custom);
    form.setValue(
      'custom',
      followLatestCustom(form.getValues('custom'), toInputs(fields, base.custom), latestCustom),
    );
    setBase(result.data);
    setStale(false);
  };
  const notice = (
    <EditConflictNotice
      stale={stale}
      reloadLabel={t('deals.reloadKeep')}
      record="deal"
      id={deal.id}
      baseVersion={base.version}
      reloading={latest.isFetching}
      onReload={() => void reload()}
    />
  );
  return (
    <DealFormBody
      form={form}
      fields={fields}
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('common.save')}
      notice={notice}
    />
  );
}

function DealFormBody({
  form,
  fields,
  onSubmit,
  onCancel,
  submitLabel,
  notice,
}: {
  form: Form;
  fields: readonly CustomField[];
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const pipelines = usePipelines(useCompanyId()).data?.items ?? [];
  const { errors, isSubmitting } = form.formState;
  const customInputs = useCustomInputProps(form, fields);
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {notice}
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <DealFormFields
          form={form as unknown as UseFormReturn<DealFormValues, unknown, unknown>}
          pipelines={pipelines}
        />
        <CustomFieldInputs {...customInputs} />
      </div>
      <div className="modal-footer">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={isSubmitting}
        >
          {t('deals.common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
