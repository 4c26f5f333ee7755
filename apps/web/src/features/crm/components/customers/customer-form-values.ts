import {
  CUSTOMER_EDITABLE_FIELDS,
  type CustomerStatus,
  type CustomerType,
  deriveCustomerName,
} from '@kontora/contract/customer-values';
import { type Customer, CustomerCreateBody, type CustomerCreateInput } from '@kontora/contract/customers';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodCodes } from '../../../../lib/form-errors.ts';
import type { CustomInputs } from '../../../shared/components/custom-fields/custom-inputs.ts';
import { linksBody, linksOf, type OrganisationLink } from './organisation-links-editor.tsx';

/** A customer as the form holds it: text everywhere ('' for "none"), tags comma separated. */
export type CustomerFormValues = {
  type: CustomerType;
  name: string;
  first_name: string;
  last_name: string;
  organisation_name: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  country: string;
  oib: string;
  status: CustomerStatus;
  owner_id: string;
  tags: string;
  source: string;
  notes: string;
  /** A person's organisations with their roles (not a text field: the links editor sets it). */
  organisations: OrganisationLink[];
  /** The company's own fields by key (sent apart from the checked body: the server checks them). */
  custom?: CustomInputs;
};

export type CustomerField = Exclude<keyof CustomerFormValues, 'organisations' | 'custom'>;

export const CUSTOMER_FORM_FIELDS = CUSTOMER_EDITABLE_FIELDS satisfies readonly CustomerField[];

export const EMPTY_CUSTOMER: CustomerFormValues = {
  type: 'person',
  name: '',
  first_name: '',
  last_name: '',
  organisation_name: '',
  email: '',
  phone: '',
  website: '',
  address: '',
  country: '',
  oib: '',
  status: 'lead',
  owner_id: '',
  tags: '',
  source: '',
  notes: '',
  organisations: [],
};

/** Name fields that the other customer type does not show (and so does not send). */
const HIDDEN_NAME_FIELDS: Record<CustomerType, readonly CustomerField[]> = {
  person: ['organisation_name'],
  organisation: ['first_name', 'last_name'],
};

export function toFormValues(customer: Customer): CustomerFormValues {
  // A display name derived from the parts shows empty, so that it keeps following them.
  const derived = deriveCustomerName({ ...customer, name: null });
  return {
    type: customer.type,
    name: customer.name === derived ? '' : customer.name,
    first_name: customer.first_name ?? '',
    last_name: customer.last_name ?? '',
    organisation_name: customer.organisation_name ?? '',
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    website: customer.website ?? '',
    address: customer.address ?? '',
    country: customer.country ?? '',
    oib: customer.oib ?? '',
    status: customer.status,
    owner_id: customer.owner_id === null ? '' : String(customer.owner_id),
    tags: customer.tags.join(', '),
    source: customer.source ?? '',
    notes: customer.notes ?? '',
    organisations: linksOf(customer),
  };
}

/** What the contract's schema reads: the visible fields, owner as a number, tags as a list. */
export function toBodyInput(values: CustomerFormValues): CustomerCreateInput {
  const { organisations, custom: _custom, ...fields } = values;
  const body: CustomerCreateInput = {
    ...fields,
    owner_id: values.owner_id === '' ? null : Number(values.owner_id),
    tags: values.tags.split(','),
    ...(values.type === 'person' ? { organisations: linksBody(organisations) } : {}),
  };
  for (const field of HIDDEN_NAME_FIELDS[values.type]) delete body[field as keyof CustomerCreateInput];
  return body;
}

/** Whether the person's organisations (or their roles) differ from what was loaded. */
export const organisationsChanged = (before: CustomerFormValues, after: CustomerFormValues): boolean =>
  after.type === 'person' &&
  JSON.stringify(linksBody(before.organisations)) !== JSON.stringify(linksBody(after.organisations));

/** The fields whose text differs from what was loaded (an edit sends only these). */
export function changedFields(before: CustomerFormValues, after: CustomerFormValues): CustomerField[] {
  const hidden = HIDDEN_NAME_FIELDS[after.type];
  return CUSTOMER_FORM_FIELDS.filter((field) => before[field] !== after[field] && !hidden.includes(field));
}

/**
 * Checks the whole customer with the contract's create schema (an edit too: the
 * name must stay derivable, the OIB rule holds for the result). "No name" is
 * reported on the name field the person sees first, not on the optional display name.
 */
export const customerResolver: Resolver<CustomerFormValues, unknown, CustomerCreateBody> = async (values) => {
  const result = CustomerCreateBody.safeParse(toBodyInput(values), { error: zodCodes });
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<CustomerFormValues> = {};
  for (const issue of result.error.issues) {
    let field = String(issue.path[0] ?? 'name') as CustomerField;
    if (field === 'name' && issue.message === 'required' && values.name.trim() === '') {
      field = values.type === 'organisation' ? 'organisation_name' : 'first_name';
    }
    if (!CUSTOMER_FORM_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
