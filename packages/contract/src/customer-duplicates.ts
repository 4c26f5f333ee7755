import { z } from 'zod';
import { CUSTOM_KEY_PATTERN } from './custom-fields.ts';
import { CUSTOMER_EDITABLE_FIELDS, CUSTOMER_LIMITS, Customer } from './customers.ts';
import { SingleLine } from './fields.ts';

/**
 * Duplicates and merge of CRM customers (docs/decisions/019-duplicates-and-merge.md):
 * `GET …/customers/duplicates` (likely duplicates of an unsaved record),
 * `GET|POST …/customers/duplicate-groups` (a company-wide scan, run as a job),
 * `POST …/customers/merge` and `POST …/customers/merges/{id}/undo`.
 */

/** Why two customers look like the same one. */
export const DUPLICATE_RULES = ['oib', 'email', 'phone', 'name'] as const;
export type DuplicateRule = (typeof DUPLICATE_RULES)[number];

export const DUPLICATE_LIMITS = {
  /** Likely duplicates answered for one record. */
  matchesMax: 10,
  /** Customers merged into one survivor at once (besides the survivor). */
  mergeMax: 20,
  /** A merge can be undone this many days after it. */
  undoDays: 30,
  /** Groups a scan keeps per rule (the largest first) and customers listed per group. */
  groupsPerRule: 2000,
  groupMembersMax: 50,
  groupsPageDefault: 50,
  groupsPageMax: 200,
} as const;

const Optional = (max: number) => SingleLine(max).optional();

/** The record being typed; any subset of its fields. `exclude_id`: the customer being edited. */
export const DuplicateQuery = z.object({
  name: Optional(CUSTOMER_LIMITS.nameMax),
  email: Optional(CUSTOMER_LIMITS.emailMax),
  phone: Optional(CUSTOMER_LIMITS.phoneMax),
  oib: Optional(CUSTOMER_LIMITS.taxIdMax + 8),
  /** The address, whose last part (the town) narrows the name rule. */
  address: Optional(CUSTOMER_LIMITS.addressMax),
  country: Optional(2),
  exclude_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type DuplicateQuery = z.output<typeof DuplicateQuery>;

/** A customer as a duplicate warning or a group lists it. */
export const DuplicateCustomer = Customer.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  oib: true,
  address: true,
  status: true,
  version: true,
  updated_at: true,
});
export type DuplicateCustomer = z.infer<typeof DuplicateCustomer>;

export const DuplicateMatch = z.object({
  customer: DuplicateCustomer,
  /** Every rule that matched, strongest first. */
  rules: z.array(z.enum(DUPLICATE_RULES)),
  /** The customer's page in the web app (hash route). */
  link: z.string(),
});
export type DuplicateMatch = z.infer<typeof DuplicateMatch>;

export const DuplicateMatches = z.object({ items: z.array(DuplicateMatch) });
export type DuplicateMatches = z.infer<typeof DuplicateMatches>;

export const DUPLICATE_SCAN_STATES = ['running', 'completed', 'failed'] as const;

export const DuplicateGroup = z.object({
  /** The rule the group was found by first. */
  rule: z.enum(DUPLICATE_RULES),
  /** Every rule that found these same customers (e.g. same email, same phone and a similar name). */
  rules: z.array(z.enum(DUPLICATE_RULES)),
  /** How many customers share the key (the list may be shorter: groupMembersMax). */
  size: z.number(),
  customers: z.array(DuplicateCustomer),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroup>;

export const DuplicateScan = z.object({
  id: z.number(),
  state: z.enum(DUPLICATE_SCAN_STATES),
  /** 0–100. */
  progress: z.number(),
  /** Groups found (all rules); `groups` pages through them. */
  group_count: z.number(),
  /** The background job running the scan: follow its live progress (decision 028). */
  job_id: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type DuplicateScan = z.infer<typeof DuplicateScan>;

export const DuplicateGroupsQuery = z.object({
  rule: z.enum(DUPLICATE_RULES).optional(),
  /** Groups to skip (a page's `next_offset`). */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DUPLICATE_LIMITS.groupsPageMax)
    .default(DUPLICATE_LIMITS.groupsPageDefault),
});
export type DuplicateGroupsQuery = z.output<typeof DuplicateGroupsQuery>;

/** The latest scan (null before the first) and a page of its groups, with customers merged or deleted since left out. */
export const DuplicateGroupsPage = z.object({
  scan: DuplicateScan.nullable(),
  groups: z.array(DuplicateGroup),
  next_offset: z.number().nullable(),
});
export type DuplicateGroupsPage = z.infer<typeof DuplicateGroupsPage>;

/** Fields whose surviving value is chosen in a merge; tags are always united. */
export const MERGE_FIELDS = CUSTOMER_EDITABLE_FIELDS.filter((f) => f !== 'tags');
export type MergeField = (typeof MERGE_FIELDS)[number];

const RecordId = z.number({ error: 'invalid_id' }).int().positive().max(2_147_483_647);

export const MergeBody = z
  .object({
    survivor_id: RecordId,
    merged_ids: z
      .array(RecordId)
      .min(1, { error: 'required' })
      .max(DUPLICATE_LIMITS.mergeMax, { error: 'too_many' }),
    /** Field → the customer (survivor or merged) whose value survives; others default to the most recently updated non-empty value. */
    fields: z.partialRecord(z.enum(MERGE_FIELDS, { error: 'invalid_field' }), RecordId).default({}),
    /**
     * Own field key → the customer (survivor or merged) whose value survives. A field left out
     * keeps the survivor's value, else takes the first merged customer's (in `merged_ids` order)
     * that has one. A key that is not a field in use answers 400 under `custom.{key}`.
     */
    custom: z.record(z.string().regex(CUSTOM_KEY_PATTERN, { error: 'invalid_key' }), RecordId).default({}),
    /** Customer id → the `version` read; a customer changed meanwhile answers 409 `stale_update`. */
    versions: z.record(z.string().regex(/^\d{1,10}$/, { error: 'invalid_id' }), z.number().int().min(1)),
  })
  .strict()
  .superRefine((body, ctx) => {
    const all = [body.survivor_id, ...body.merged_ids];
    if (new Set(all).size !== all.length) {
      ctx.addIssue({ code: 'custom', path: ['merged_ids'], message: 'duplicate_id' });
    }
    for (const [field, id] of Object.entries(body.fields)) {
      if (!all.includes(id as number))
        ctx.addIssue({ code: 'custom', path: ['fields', field], message: 'not_in_merge' });
    }
    for (const [key, id] of Object.entries(body.custom)) {
      if (!all.includes(id)) ctx.addIssue({ code: 'custom', path: ['custom', key], message: 'not_in_merge' });
    }
    for (const id of all) {
      if (body.versions[String(id)] === undefined) {
        ctx.addIssue({ code: 'custom', path: ['versions', String(id)], message: 'required' });
      }
    }
  });
export type MergeBody = z.output<typeof MergeBody>;
export type MergeInput = z.input<typeof MergeBody>;

export const MergeResult = z.object({
  /** The merge, for `…/merges/{id}/undo`. */
  merge_id: z.number(),
  survivor: Customer,
  merged_ids: z.array(z.number()),
  /** Until when the merge can be undone. */
  undo_until: z.string(),
});
export type MergeResult = z.infer<typeof MergeResult>;

export const UndoMergeResult = z.object({ survivor: Customer, restored_ids: z.array(z.number()) });
export type UndoMergeResult = z.infer<typeof UndoMergeResult>;
