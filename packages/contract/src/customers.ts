import { z } from 'zod';
import { BulkCustomValues, CUSTOM_SORT_PATTERN, CustomQueryParams, CustomValues } from './custom-fields.ts';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  deriveCustomerName,
  normalizeTags,
} from './customer-values.ts';
import { Cursor, Id, isValidPhone, OptionalText, oibProblem, SingleLine } from './fields.ts';

export {
  CUSTOMER_EDITABLE_FIELDS,
  CUSTOMER_LIMITS,
  CUSTOMER_MATCH_LIMITS,
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type CustomerEditableField,
  deriveCustomerName,
  normalizeTags,
} from './customer-values.ts';

/**
 * CRM customers, `/api/companies/{companyId}/customers` (docs/product.md §6–§7).
 * Validation messages are snake_case codes the web app translates. The constants and
 * helpers without zod live in ./customer-values.ts (re-exported here).
 */
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CustomerStatus = z.enum(CUSTOMER_STATUSES, { error: 'invalid_status' });
export const CustomerType = z.enum(CUSTOMER_TYPES, { error: 'invalid_type' });

/** An id inside a JSON body: a real number, not a numeric string. */
const RecordId = z.number({ error: 'invalid_id' }).int().positive().max(2_147_483_647);

const blankToNull = (v: string): string | null => (v === '' ? null : v);

const CustomerEmail = z
  .string()
  .trim()
  .max(CUSTOMER_LIMITS.emailMax, { error: 'too_long' })
  .refine((v) => v === '' || z.regexes.email.test(v), { error: 'invalid_email' })
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullable();

const CustomerPhone = z
  .string()
  .trim()
  .max(CUSTOMER_LIMITS.phoneMax, { error: 'too_long' })
  .refine((v) => v === '' || isValidPhone(v), { error: 'invalid_phone' })
  .transform((v) => (v === '' ? null : v.replace(/\s+/g, ' ')))
  .nullable();

/** `example.com` or `http(s)://…`; stored with its scheme. null when not a web address. */
export function normalizeWebsite(value: string): string | null {
  if (/\s/.test(value)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname)) return null;
    return withScheme;
  } catch {
    return null;
  }
}

const Website = z
  .string()
  .trim()
  .max(CUSTOMER_LIMITS.websiteMax, { error: 'too_long' })
  .refine((v) => v === '' || normalizeWebsite(v) !== null, { error: 'invalid_url' })
  .transform((v) => (v === '' ? null : normalizeWebsite(v)))
  .nullable();

const Country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), { error: 'invalid_country' })
  .transform(blankToNull)
  .nullable();

/** OIB or a foreign VAT id: spaces dropped, upper case. */
const TaxId = z
  .string()
  .trim()
  .max(CUSTOMER_LIMITS.taxIdMax + 8, { error: 'too_long' })
  .refine((v) => /^[A-Za-z0-9 .\-/]*$/.test(v), { error: 'invalid_vat_id' })
  .transform((v) => blankToNull(v.replace(/\s+/g, '').toUpperCase()))
  .refine((v) => v === null || v.length <= CUSTOMER_LIMITS.taxIdMax, { error: 'too_long' })
  .nullable();

export const Tags = z
  .array(SingleLine(200).max(200, { error: 'tag_too_long' }))
  .max(100, { error: 'too_many_tags' })
  .transform(normalizeTags)
  .refine((t) => t.length <= CUSTOMER_LIMITS.tagsMax, { error: 'too_many_tags' })
  .refine((t) => t.every((x) => x.length <= CUSTOMER_LIMITS.tagMax), { error: 'tag_too_long' });

/**
 * A person's organisations as a create or edit sends them: organisation customers of the
 * same company, each at most once, with an optional role. The server checks that each id is
 * an organisation of the company and not the person itself (400 per entry, e.g. `organisations.0.id`).
 */
export const OrganisationLinkInput = z
  .object({ id: RecordId, role: OptionalText(CUSTOMER_LIMITS.roleMax).optional() })
  .strict();
export type OrganisationLinkInput = z.output<typeof OrganisationLinkInput>;

const OrganisationLinks = z
  .array(OrganisationLinkInput)
  .max(CUSTOMER_LIMITS.organisationsMax, { error: 'too_many' })
  .superRefine((links, ctx) =>
    duplicateIds(
      links.map((l) => l.id),
      ctx,
      (i) => [i, 'id'],
    ),
  );

/** The same as `organisations` without roles (a link keeps the role it had). */
const OrganisationIds = z
  .array(RecordId)
  .max(CUSTOMER_LIMITS.organisationsMax, { error: 'too_many' })
  .superRefine((ids, ctx) => duplicateIds(ids, ctx, (i) => [i]));

function duplicateIds(ids: number[], ctx: z.RefinementCtx, path: (i: number) => (string | number)[]) {
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: path(i), message: 'duplicate' });
  });
}

const linkFields = {
  organisation_ids: OrganisationIds.optional(),
  organisations: OrganisationLinks.optional(),
};

function refineLinks(
  c: { organisation_ids?: number[] | undefined; organisations?: unknown[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (c.organisation_ids !== undefined && c.organisations !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['organisations'], message: 'given_twice' });
  }
}

const customerFields = {
  type: CustomerType,
  /** Display name; derived from first/last or organisation name when left empty. */
  name: OptionalText(CUSTOMER_LIMITS.nameMax),
  first_name: OptionalText(CUSTOMER_LIMITS.namePartMax),
  last_name: OptionalText(CUSTOMER_LIMITS.namePartMax),
  organisation_name: OptionalText(CUSTOMER_LIMITS.nameMax),
  email: CustomerEmail,
  phone: CustomerPhone,
  website: Website,
  address: OptionalText(CUSTOMER_LIMITS.addressMax, { multiline: true }),
  /** ISO 3166-1 alpha-2. */
  country: Country,
  /** Croatian OIB (checked) or another VAT id (free-form). */
  oib: TaxId,
  status: CustomerStatus,
  /** A member of the company, or null. */
  owner_id: RecordId.nullable(),
  tags: Tags,
  source: OptionalText(CUSTOMER_LIMITS.sourceMax),
  notes: OptionalText(CUSTOMER_LIMITS.notesMax, { multiline: true }),
};

/** Checks a whole customer (after defaults, or after merging an update): name derivable, OIB rule. */
export function customerProblems(
  c: Parameters<typeof deriveCustomerName>[0] & { country?: string | null; oib?: string | null },
) {
  const problems: Record<string, string[]> = {};
  if (!deriveCustomerName(c)) problems.name = ['required'];
  const oib = oibProblem(c);
  if (oib) problems.oib = [oib];
  return problems;
}

function refineCustomer(c: Parameters<typeof customerProblems>[0], ctx: z.RefinementCtx): void {
  for (const [field, codes] of Object.entries(customerProblems(c))) {
    for (const message of codes) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

export const CustomerCreateBody = z
  .object({
    ...customerFields,
    type: CustomerType.default('person'),
    name: customerFields.name.optional(),
    first_name: customerFields.first_name.optional(),
    last_name: customerFields.last_name.optional(),
    organisation_name: customerFields.organisation_name.optional(),
    email: customerFields.email.optional(),
    phone: customerFields.phone.optional(),
    website: customerFields.website.optional(),
    address: customerFields.address.optional(),
    country: customerFields.country.optional(),
    oib: customerFields.oib.optional(),
    status: CustomerStatus.default('lead'),
    owner_id: customerFields.owner_id.optional(),
    tags: Tags.default([]),
    source: customerFields.source.optional(),
    notes: customerFields.notes.optional(),
    ...linkFields,
    /** Values of the company's own fields by key (custom-fields.ts); checked by the server. */
    custom: CustomValues.optional(),
  })
  .strict()
  .superRefine(refineCustomer)
  .superRefine(refineLinks);
export type CustomerCreateBody = z.output<typeof CustomerCreateBody>;
export type CustomerCreateInput = z.input<typeof CustomerCreateBody>;

/** Any subset of the fields plus the `version` last read; 409 `stale_update` when a field sent was changed since. */
export const CustomerUpdateBody = z
  .object({
    ...customerFields,
    ...linkFields,
    custom: CustomValues,
    version: z.number({ error: 'required' }).int().min(1),
  })
  .partial()
  .required({ version: true })
  .strict()
  .superRefine(refineLinks);
export type CustomerUpdateBody = z.output<typeof CustomerUpdateBody>;
export type CustomerUpdateInput = z.input<typeof CustomerUpdateBody>;

/** One of a person's organisations, as a customer answer carries it. */
export const CustomerOrganisation = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string().nullable(),
});
export type CustomerOrganisation = z.infer<typeof CustomerOrganisation>;

export const Customer = z.object({
  id: z.number(),
  type: CustomerType,
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  organisation_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  oib: z.string().nullable(),
  status: CustomerStatus,
  owner_id: z.number().nullable(),
  owner_name: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  notes: z.string().nullable(),
  /** A person's organisations (organisation customers of the company), in the order given; [] for an organisation. */
  organisation_ids: z.array(z.number()),
  /** The same organisations with their names and the person's role at each. */
  organisations: z.array(CustomerOrganisation),
  /** Values of the company's own fields in use, by key (fields without a value left out). */
  custom: CustomValues,
  /** Increases with every change; send it back with an update. */
  version: z.number(),
  created_by: z.number().nullable(),
  updated_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof Customer>;

/** Filters shared by the list and the CSV export. */
export const CustomerFilter = z.object({
  /** Full-text search: every word must start a word of the name, email, phone or OIB/VAT id. */
  q: SingleLine(CUSTOMER_LIMITS.searchMax).optional(),
  status: CustomerStatus.optional(),
  owner_id: Id.optional(),
  tag: SingleLine(CUSTOMER_LIMITS.tagMax).toLowerCase().optional(),
  /** People of this organisation customer. */
  organisation_id: Id.optional(),
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type CustomerFilter = z.output<typeof CustomerFilter>;

/** The CSV export's filters: the list's, its own-field filters included (not a custom sort). */
export const CustomerExportQuery = CustomerFilter.catchall(CustomQueryParams);
export type CustomerExportQuery = z.output<typeof CustomerExportQuery>;

/**
 * The list also filters and sorts by the company's own fields: `custom.{key}=v` (repeated:
 * any of), `custom.{key}.gte|lte=v`, `custom.{key}.empty=true|false`, `sort=custom.{key}` or
 * `sort=-custom.{key}` (descending); checked by the server against the company's fields.
 */
export const CustomerListQuery = CustomerFilter.extend({
  sort: z
    .union([z.enum(CUSTOMER_SORTS), z.string().regex(CUSTOM_SORT_PATTERN)], { error: 'invalid_sort' })
    .default('name'),
  /** Opaque; from `next_cursor` of the previous page with the same filters and sort. */
  cursor: Cursor(1000).optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_LIMITS.pageMax).default(CUSTOMER_LIMITS.pageDefault),
}).catchall(CustomQueryParams);
export type CustomerListQuery = z.output<typeof CustomerListQuery>;

export const CustomerPage = z.object({ items: z.array(Customer), next_cursor: z.string().nullable() });
export type CustomerPage = z.infer<typeof CustomerPage>;

const BulkIds = z
  .array(RecordId)
  .min(1, { error: 'required' })
  .max(CUSTOMER_LIMITS.bulkMax, { error: 'too_many' });

export const CustomerBulkBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('set_status'), ids: BulkIds, status: CustomerStatus }).strict(),
    z.object({ action: z.literal('delete'), ids: BulkIds }).strict(),
    /** Own fields set on every customer, each checked as that customer's edit; all or none. */
    z.object({ action: z.literal('set_custom'), ids: BulkIds, custom: BulkCustomValues }).strict(),
  ],
  { error: 'invalid_action' },
);
export type CustomerBulkBody = z.output<typeof CustomerBulkBody>;

export const CustomerBulkResult = z.object({
  action: z.enum(['set_status', 'delete', 'set_custom']),
  /** Ids changed or deleted. */
  affected: z.array(z.number()),
  /** Ids that are not customers of this company (or no longer exist): left alone. */
  not_found: z.array(z.number()),
});
export type CustomerBulkResult = z.infer<typeof CustomerBulkResult>;

export const CustomerMatch = CustomerFilter.pick({
  q: true,
  status: true,
  owner_id: true,
  tag: true,
  organisation_id: true,
});
export type CustomerMatch = z.output<typeof CustomerMatch>;

/** What a count or a bulk action by filter reads: the list's filters, its own-field ones (`custom.{key}…`) included. */
export const CustomerMatchQuery = CustomerMatch.catchall(CustomQueryParams);
export type CustomerMatchQuery = z.output<typeof CustomerMatchQuery>;

const MATCH_KEYS: readonly string[] = Object.keys(CustomerMatch.shape);
/**
 * A change by filter (and a saved view) refuses a filter it does not know: dropping it would act
 * on more customers than asked.
 */
export const CustomerMatchFilter = CustomerMatchQuery.superRefine((filter, ctx) => {
  for (const key of Object.keys(filter)) {
    if (!MATCH_KEYS.includes(key) && !key.startsWith('custom.'))
      ctx.addIssue({ code: 'custom', path: [key], message: 'unknown_filter' });
  }
});

export const CustomerCount = z.object({
  /** Exact when `capped` is false; otherwise the cap, and more match. */
  count: z.number().int(),
  capped: z.boolean(),
});
export type CustomerCount = z.infer<typeof CustomerCount>;

export const CustomerBulkFilterBody = z.discriminatedUnion(
  'action',
  [
    z
      .object({ action: z.literal('set_status'), filter: CustomerMatchFilter, status: CustomerStatus })
      .strict(),
    z.object({ action: z.literal('delete'), filter: CustomerMatchFilter }).strict(),
    /**
     * Own fields set on every matching customer, each checked as that customer's edit; all or
     * none, and at most `CUSTOMER_LIMITS.bulkMax` matches (more: 400 `too_many` at `filter`).
     */
    z
      .object({ action: z.literal('set_custom'), filter: CustomerMatchFilter, custom: BulkCustomValues })
      .strict(),
  ],
  { error: 'invalid_action' },
);
export type CustomerBulkFilterBody = z.output<typeof CustomerBulkFilterBody>;

export const CustomerBulkFilterResult = z.object({
  action: z.enum(['set_status', 'delete', 'set_custom']),
  /** Customers that matched the filter (a status change leaves those already in it alone). */
  matched: z.number().int(),
});
export type CustomerBulkFilterResult = z.infer<typeof CustomerBulkFilterResult>;

/** An organisation's people, `…/customers/{id}/people`: keyset pages in the order they joined. */
export const CustomerPeopleQuery = z.object({
  cursor: Cursor(200).optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_LIMITS.pageMax).default(CUSTOMER_LIMITS.pageDefault),
});
export type CustomerPeopleQuery = z.output<typeof CustomerPeopleQuery>;

export const CustomerPerson = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: CustomerStatus,
  /** The person's role at this organisation. */
  role: z.string().nullable(),
});
export type CustomerPerson = z.infer<typeof CustomerPerson>;

export const CustomerPeoplePage = z.object({
  items: z.array(CustomerPerson),
  next_cursor: z.string().nullable(),
});
export type CustomerPeoplePage = z.infer<typeof CustomerPeoplePage>;
