import { z } from 'zod';
import {
  CUSTOM_COLUMN_PATTERN,
  CUSTOMER_COLUMNS,
  CUSTOMER_VIEW_LIMITS,
  type ListColumn,
} from './customer-view-values.ts';
import { CUSTOMER_SORTS, CustomerMatchFilter, CustomerMatchQuery } from './customers.ts';
import { SingleLine } from './fields.ts';

export {
  CUSTOM_COLUMN_PATTERN,
  CUSTOMER_COLUMNS,
  CUSTOMER_VIEW_LIMITS,
  type CustomColumn,
  type CustomerColumn,
  isCustomColumn,
  type ListColumn,
} from './customer-view-values.ts';

/**
 * The customer list's columns a person may show, hide and order (the name
 * always comes first and is not listed), and saved views: a named filter, sort
 * and columns, the person's own or shared with the company (decision 020). The constants
 * without zod live in ./customer-view-values.ts (re-exported here).
 */
/** A built-in column, or `custom.{key}` for a company's own field (checked by the server against its fields). */
const Column = z.union(
  [z.enum(CUSTOMER_COLUMNS), z.string().regex(CUSTOM_COLUMN_PATTERN, { error: 'invalid_column' })],
  {
    error: 'invalid_column',
  },
) as z.ZodType<ListColumn>;

/** The visible columns in their order: each at most once. */
export const CustomerColumns = z
  .array(Column)
  .max(CUSTOMER_COLUMNS.length + CUSTOMER_VIEW_LIMITS.customColumnsMax, { error: 'too_many' })
  .refine((columns) => new Set(columns).size === columns.length, { error: 'duplicate_column' });

/** A view sorts by a built-in column or by a company's own field (`custom.{key}`); `dir` says which way. */
export const CustomerViewSort = z.union(
  [
    z.enum(CUSTOMER_SORTS),
    z.string().regex(CUSTOM_COLUMN_PATTERN, { error: 'invalid_sort' }) as z.ZodType<`custom.${string}`>,
  ],
  { error: 'invalid_sort' },
);
export type CustomerViewSort = z.output<typeof CustomerViewSort>;

const viewFields = {
  name: SingleLine(CUSTOMER_VIEW_LIMITS.nameMax).min(1, { error: 'required' }),
  /** Shared views are listed for every member of the company; only their author changes them. */
  shared: z.boolean(),
  /** The list's filters, own-field ones (`custom.{key}…`, as the list's query names them) included. */
  filter: CustomerMatchFilter,
  sort: CustomerViewSort,
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
  filter: CustomerMatchQuery,
  sort: CustomerViewSort,
  dir: z.enum(['asc', 'desc']),
  columns: z.array(Column),
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
  columns: z.array(Column).nullable(),
});
export type CustomerViews = z.infer<typeof CustomerViews>;

export const CustomerColumnsBody = z.object({ columns: CustomerColumns }).strict();
export type CustomerColumnsBody = z.output<typeof CustomerColumnsBody>;
