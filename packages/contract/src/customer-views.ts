import { z } from 'zod';
import { CUSTOMER_COLUMNS, CUSTOMER_VIEW_LIMITS } from './customer-view-values.ts';
import { CUSTOMER_SORTS, CustomerMatch } from './customers.ts';
import { SingleLine } from './fields.ts';

export { CUSTOMER_COLUMNS, CUSTOMER_VIEW_LIMITS, type CustomerColumn } from './customer-view-values.ts';

/**
 * The customer list's columns a person may show, hide and order (the name
 * always comes first and is not listed), and saved views: a named filter, sort
 * and columns, the person's own or shared with the company (decision 020). The constants
 * without zod live in ./customer-view-values.ts (re-exported here).
 */
/** The visible columns in their order: each at most once. */
export const CustomerColumns = z
  .array(z.enum(CUSTOMER_COLUMNS, { error: 'invalid_column' }))
  .max(CUSTOMER_COLUMNS.length)
  .refine((columns) => new Set(columns).size === columns.length, { error: 'duplicate_column' });

const viewFields = {
  name: SingleLine(CUSTOMER_VIEW_LIMITS.nameMax).min(1, { error: 'required' }),
  /** Shared views are listed for every member of the company; only their author changes them. */
  shared: z.boolean(),
  filter: CustomerMatch,
  sort: z.enum(CUSTOMER_SORTS),
  dir: z.enum(['asc', 'desc']),
  columns: CustomerColumns,
};

export const CustomerViewBody = z
  .object({
    ...viewFields,
    shared: viewFields.shared.default(false),
    filter: viewFields.filter.default({}),
    sort: viewFields.sort.default('name'),
    dir: viewFields.dir.default('asc'),
  })
  .strict();
export type CustomerViewBody = z.output<typeof CustomerViewBody>;
export type CustomerViewInput = z.input<typeof CustomerViewBody>;

/** Only the fields sent change (no defaults here). */
export const CustomerViewPatch = z.object(viewFields).partial().strict();
export type CustomerViewPatch = z.output<typeof CustomerViewPatch>;

export const CustomerView = z.object({
  id: z.number(),
  name: z.string(),
  shared: z.boolean(),
  filter: CustomerMatch,
  sort: z.enum(CUSTOMER_SORTS),
  dir: z.enum(['asc', 'desc']),
  columns: z.array(z.enum(CUSTOMER_COLUMNS)),
  /** Whether the signed-in person made it (and so may change or delete it). */
  mine: z.boolean(),
  owner_name: z.string().nullable(),
  updated_at: z.string(),
});
export type CustomerView = z.infer<typeof CustomerView>;

export const CustomerViews = z.object({
  /** The person's own views and the company's shared ones, by name. */
  items: z.array(CustomerView),
  /** The person's own column choice for this company; null: the default columns. */
  columns: z.array(z.enum(CUSTOMER_COLUMNS)).nullable(),
});
export type CustomerViews = z.infer<typeof CustomerViews>;

export const CustomerColumnsBody = z.object({ columns: CustomerColumns }).strict();
export type CustomerColumnsBody = z.output<typeof CustomerColumnsBody>;
