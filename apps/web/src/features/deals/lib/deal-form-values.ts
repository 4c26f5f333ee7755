import { type Deal, DealCreateBody, type DealCreateInput } from '@kontora/contract/deals';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodCodes } from '../../../lib/form-errors.ts';
import type { CustomInputs } from '../../shared/components/custom-fields/custom-inputs.ts';

type Picked = { id: number; name: string };

/** A deal as the form holds it: text for inputs ('' for "none"), pickers' choices with their names. */
export type DealFormValues = {
  title: string;
  amount: string;
  currency: string;
  pipeline_id: string;
  stage_id: string;
  probability: string;
  expected_close_date: string;
  owner_id: string;
  organisation: Picked | null;
  people: Picked[];
  lost_reason: string;
  tags: string;
  notes: string;
  /** The company's own fields by key (sent apart from the checked body: the server checks them). */
  custom?: CustomInputs;
};

/** The API's field names the form shows (organisation and people under their own names). */
export const DEAL_FORM_FIELDS = [
  'title',
  'amount',
  'currency',
  'pipeline_id',
  'stage_id',
  'probability',
  'expected_close_date',
  'owner_id',
  'organisation',
  'people',
  'lost_reason',
  'tags',
  'notes',
] as const satisfies readonly (keyof DealFormValues)[];

/** API field → form field, where they differ. */
export const DEAL_FIELD_RENAMES = { organisation_id: 'organisation', customer_ids: 'people' } as const;

export function emptyDeal(draft: Partial<DealFormValues>): DealFormValues {
  return {
    title: '',
    amount: '',
    currency: '',
    pipeline_id: '',
    stage_id: '',
    probability: '',
    expected_close_date: '',
    owner_id: '',
    organisation: null,
    people: [],
    lost_reason: '',
    tags: '',
    notes: '',
    ...draft,
  };
}

export function toFormValues(deal: Deal, peopleNames: ReadonlyMap<number, string>): DealFormValues {
  return {
    title: deal.title,
    amount: deal.amount === null ? '' : String(deal.amount),
    currency: deal.currency,
    pipeline_id: String(deal.pipeline_id),
    stage_id: String(deal.stage_id),
    probability: deal.probability_overridden ? String(deal.probability) : '',
    expected_close_date: deal.expected_close_date ?? '',
    owner_id: deal.owner_id === null ? '' : String(deal.owner_id),
    organisation:
      deal.organisation_id === null ? null : { id: deal.organisation_id, name: deal.organisation_name ?? '' },
    people: deal.customer_ids.map((id) => ({ id, name: peopleNames.get(id) ?? `#${id}` })),
    lost_reason: deal.lost_reason ?? '',
    tags: deal.tags.join(', '),
    notes: deal.notes ?? '',
  };
}

const numberOrNull = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.replace(',', '.'));

/** What the contract's schema reads. Empty pipeline, stage and currency are left to the server's defaults. */
export function toBodyInput(values: DealFormValues): DealCreateInput {
  const body: DealCreateInput = {
    title: values.title,
    amount: numberOrNull(values.amount),
    probability: numberOrNull(values.probability),
    expected_close_date: values.expected_close_date || null,
    owner_id: values.owner_id === '' ? null : Number(values.owner_id),
    organisation_id: values.organisation?.id ?? null,
    customer_ids: values.people.map((person) => person.id),
    lost_reason: values.lost_reason,
    tags: values.tags.split(','),
    notes: values.notes,
  };
  if (values.currency) body.currency = values.currency;
  if (values.pipeline_id) body.pipeline_id = Number(values.pipeline_id);
  if (values.stage_id) body.stage_id = Number(values.stage_id);
  return body;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The API fields whose value differs from what was loaded (an edit sends only these). */
export function changedBody(before: DealFormValues, after: DealFormValues): Partial<DealCreateInput> {
  const a = toBodyInput(before) as Record<string, unknown>;
  const b = toBodyInput(after) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(b).filter(([key, value]) => !sameValue(a[key], value)));
}

export const dealResolver: Resolver<DealFormValues, unknown, DealCreateInput> = async (values) => {
  const result = DealCreateBody.safeParse(toBodyInput(values), { error: zodCodes });
  if (result.success) return { values: toBodyInput(values), errors: {} };
  const errors: FieldErrors<DealFormValues> = {};
  for (const issue of result.error.issues) {
    const apiField = String(issue.path[0] ?? 'title');
    const field = (DEAL_FIELD_RENAMES[apiField as keyof typeof DEAL_FIELD_RENAMES] ??
      apiField) as keyof DealFormValues;
    if (!(DEAL_FORM_FIELDS as readonly string[]).includes(field) || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message } as never;
  }
  return { values: {}, errors };
};
