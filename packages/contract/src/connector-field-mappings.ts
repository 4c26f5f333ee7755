import { z } from 'zod';
import { CONNECTOR_PROVIDERS, type ConnectorProvider } from './connectors.ts';
import {
  CUSTOM_FIELD_TYPES,
  CUSTOM_RECORDS,
  type CustomFieldType,
  type CustomRecord,
} from './custom-fields.ts';

/**
 * A connection's field mapping, `/api/companies/{companyId}/connectors/{id}/field-mappings`
 * (docs/decisions/077-connector-field-mapping.md): each field of the company's own (customers
 * and deals) mapped to a property of the provider's record, per remote object kind, kept in
 * step both ways by the sync. Members read it; owners and admins change it.
 */

/** The provider's object kinds a record kind maps to: a customer is a person or an organisation there. */
export const REMOTE_OBJECTS: Record<ConnectorProvider, Record<CustomRecord, readonly string[]>> = {
  hubspot: { customer: ['contact', 'company'], deal: ['deal'] },
  pipedrive: { customer: ['person', 'organization'], deal: ['deal'] },
};

/**
 * What a remote property holds, whatever the provider calls it: HubSpot's `type` and
 * `fieldType`, Pipedrive's `field_type`. `user` is one of the provider's users (a HubSpot
 * property referencing owners, a Pipedrive `user` field), matched to a member by email.
 * Properties of other kinds (files, other records, ranges…) are not offered.
 */
export const REMOTE_KINDS = [
  'text',
  'long_text',
  'number',
  'date',
  'datetime',
  'bool',
  'single',
  'multi',
  'phone',
  'user',
] as const;
export type RemoteKind = (typeof REMOTE_KINDS)[number];

/** Which remote kinds a field of each own type may be mapped to (values convert both ways). */
export const COMPATIBLE_KINDS: Record<CustomFieldType, readonly RemoteKind[]> = {
  text: ['text', 'long_text', 'phone'],
  long_text: ['long_text', 'text'],
  number: ['number'],
  currency: ['number'],
  percent: ['number'],
  date: ['date'],
  datetime: ['datetime'],
  checkbox: ['bool'],
  single_select: ['single'],
  multi_select: ['multi'],
  url: ['text'],
  email: ['text'],
  phone: ['phone', 'text'],
  person: ['user'],
};

export const FIELD_MAPPING_LIMITS = { remoteNameMax: 200, mappingsMax: 1200 } as const;

export const RemoteProperty = z.object({
  /** The remote object kind (`contact`, `company`, `deal`; `person`, `organization`, `deal`). */
  object: z.string(),
  /** HubSpot's property `name`, Pipedrive's field `key` (a 40-character hash for custom fields). */
  name: z.string(),
  label: z.string(),
  /** The provider's own type (HubSpot `type`/`fieldType`, Pipedrive `field_type`). */
  type: z.string(),
  kind: z.enum(REMOTE_KINDS),
  /** Made by the provider's users (custom), not one of the provider's own properties. */
  custom: z.boolean(),
  /** Option labels of a select, in the provider's order. */
  options: z.array(z.string()),
});
export type RemoteProperty = z.infer<typeof RemoteProperty>;

export const FieldMapping = z.object({
  field_id: z.number(),
  record: z.enum(CUSTOM_RECORDS),
  key: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  /** The remote property of each object kind this field is mapped to (none: not synced). */
  remote: z.array(z.object({ object: z.string(), name: z.string(), label: z.string().nullable() })),
});
export type FieldMapping = z.infer<typeof FieldMapping>;

export const FieldMappings = z.object({
  provider: z.enum(CONNECTOR_PROVIDERS),
  /** The remote object kinds of each record kind, in order. */
  objects: z.object({ customer: z.array(z.string()), deal: z.array(z.string()) }),
  /** Every field of the company's own in use, customers' first. */
  fields: z.array(FieldMapping),
  /** The remote properties a field may be mapped to (null: the provider could not be asked). */
  remote: z.array(RemoteProperty).nullable(),
  /** The provider's custom properties no field is mapped to, for an admin to map. */
  unmapped_remote: z.array(
    z.object({ object: z.string(), name: z.string(), label: z.string(), type: z.string() }),
  ),
  /** Why the provider's properties could not be read, when they could not. */
  remote_error: z.string().nullable(),
});
export type FieldMappings = z.infer<typeof FieldMappings>;

/** The whole mapping: fields left out are not mapped (their rows go). */
export const FieldMappingsBody = z
  .object({
    mappings: z
      .array(
        z
          .object({
            field_id: z.number().int().positive(),
            object: z.string().min(1).max(32),
            name: z.string().trim().min(1).max(FIELD_MAPPING_LIMITS.remoteNameMax),
          })
          .strict(),
      )
      .max(FIELD_MAPPING_LIMITS.mappingsMax, { error: 'too_many' }),
  })
  .strict();
export type FieldMappingsBody = z.output<typeof FieldMappingsBody>;
