import type { TimelineEntry } from '@kontora/contract/customer-timeline';
import {
  CUSTOMER_EDITABLE_FIELDS,
  type Customer,
  type CustomerCreateBody,
  type CustomerEditableField,
  deriveCustomerName,
} from '@kontora/contract/customers';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { type DerivedColumns, derivedColumns } from './customer-derived-columns.ts';
import type { CustomerRow, NewCustomer } from './customers.repository.ts';
import type { ActivityRow } from './timeline/customer-activities.repository.ts';

/** The fields a person edits, in the order the timeline lists changes. */
export const EDITABLE_FIELDS = CUSTOMER_EDITABLE_FIELDS;
export type EditableField = CustomerEditableField;
export type EditableCustomer = Pick<Customer, EditableField>;

export function parseTags(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The answer for a stored row; `links` are the person's organisations in order
 * (organisations/customer-organisations.repository.ts `linksOfPeople`).
 */
export function toCustomer(
  row: CustomerRow,
  links: readonly { organisation_id: number; name: string; role: string | null }[] = [],
  custom: Record<string, unknown> = {},
): Customer {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    organisation_name: row.organisation_name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address: row.address,
    country: row.country,
    oib: row.oib,
    status: row.status,
    owner_id: row.owner_id,
    owner_name: row.owner_id === null ? null : row.owner_name,
    tags: parseTags(row.tags),
    source: row.source,
    notes: row.notes,
    organisation_ids: links.map((l) => l.organisation_id),
    organisations: links.map((l) => ({ id: l.organisation_id, name: l.name, role: l.role })),
    custom,
    version: row.version,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A validated create body (or import row) with every field present. */
export function completeCustomer(body: CustomerCreateBody): EditableCustomer {
  const fields = {
    type: body.type,
    name: null as string | null,
    first_name: body.first_name ?? null,
    last_name: body.last_name ?? null,
    organisation_name: body.organisation_name ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    website: body.website ?? null,
    address: body.address ?? null,
    country: body.country ?? null,
    oib: body.oib ?? null,
    status: body.status,
    owner_id: body.owner_id ?? null,
    tags: body.tags,
    source: body.source ?? null,
    notes: body.notes ?? null,
  };
  // The schema already refused a customer without a derivable name.
  return { ...fields, name: deriveCustomerName({ ...fields, name: body.name }) ?? '' };
}

/** The stored row of a new customer; `derived`: its derived columns when already made (an import's thread). */
export function newCustomerRow(
  companyId: number,
  fields: EditableCustomer,
  by: { userId: number | null; at: string },
  derived: DerivedColumns = derivedColumns(fields),
): NewCustomer {
  return {
    company_id: companyId,
    ...fields,
    tags: JSON.stringify(fields.tags),
    ...derived,
    version: 1,
    created_by: by.userId,
    updated_by: by.userId,
    created_at: by.at,
    updated_at: by.at,
  };
}

/** The author columns of a timeline entry: the person, or the API key by its name at the time. */
export const authorOf = (actor: Actor) => ({
  author_id: authorIdOf(actor),
  author_key_name: actor.apiKey?.name ?? null,
});

export function toTimelineEntry(row: ActivityRow): TimelineEntry {
  let changes: TimelineEntry['changes'] = [];
  if (row.changes) {
    try {
      const parsed: unknown = JSON.parse(row.changes);
      if (Array.isArray(parsed)) changes = parsed as TimelineEntry['changes'];
    } catch {
      changes = [];
    }
  }
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    changes,
    author_id: row.author_id,
    author_name: row.author_key_name ?? (row.author_id === null ? null : row.author_name),
    author_kind: row.author_key_name ? 'api_key' : row.author_id === null ? null : 'user',
    created_at: row.created_at,
  };
}
