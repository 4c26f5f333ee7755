import { z } from 'zod';
import { CUSTOM_COLUMN_PATTERN, CUSTOMER_VIEW_LIMITS } from './customer-view-values.ts';
import { SingleLine } from './fields.ts';

/**
 * Saved views and column choices of a record list (the customers', the deals'): a named filter,
 * sort and columns, the person's own or shared with the company (decision 020; deals: decision
 * 088). Each list passes its built-in columns, sorts and filter schemas.
 */
export function listViewSchemas<
  Col extends string,
  Sort extends string,
  Filter extends z.ZodType<Record<string, unknown>>,
  Query extends z.ZodType<Record<string, unknown>>,
>(spec: {
  columns: readonly [Col, ...Col[]];
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: Sort;
  filter: Filter;
  query: Query;
}) {
  /** A built-in column, or `custom.{key}` for a company's own field (checked by the server against its fields). */
  const Column = z.union(
    [z.enum(spec.columns), z.string().regex(CUSTOM_COLUMN_PATTERN, { error: 'invalid_column' })],
    { error: 'invalid_column' },
  ) as unknown as z.ZodType<Col | `custom.${string}`>;

  /** The visible columns in their order: each at most once. */
  const Columns = z
    .array(Column)
    .max(spec.columns.length + CUSTOMER_VIEW_LIMITS.customColumnsMax, { error: 'too_many' })
    .refine((columns) => new Set(columns).size === columns.length, { error: 'duplicate_column' });

  /** A view sorts by a built-in column or by a company's own field (`custom.{key}`); `dir` says which way. */
  const Sort = z.union(
    [
      z.enum(spec.sorts),
      z.string().regex(CUSTOM_COLUMN_PATTERN, { error: 'invalid_sort' }) as z.ZodType<`custom.${string}`>,
    ],
    { error: 'invalid_sort' },
  );

  const viewFields = {
    name: SingleLine(CUSTOMER_VIEW_LIMITS.nameMax).min(1, { error: 'required' }),
    /** Shared views are listed for every member of the company; only their author changes them. */
    shared: z.boolean(),
    /** The list's filters, own-field ones (`custom.{key}…`, as the list's query names them) included. */
    filter: spec.filter,
    sort: Sort,
    dir: z.enum(['asc', 'desc']),
    columns: Columns,
  };

  const Body = z
    .object({
      ...viewFields,
      shared: viewFields.shared.default(false),
      filter: viewFields.filter.default({} as never),
      sort: viewFields.sort.default(spec.defaultSort as never),
      dir: viewFields.dir.default('asc'),
    })
    .strict();

  /** Only the fields sent change (no defaults here). */
  const Patch = z.object(viewFields).partial().strict();

  const View = z.object({
    id: z.number(),
    name: z.string(),
    shared: z.boolean(),
    filter: spec.query,
    sort: Sort,
    dir: z.enum(['asc', 'desc']),
    columns: z.array(Column),
    /** Whether the signed-in person made it (and so may change or delete it). */
    mine: z.boolean(),
    owner_name: z.string().nullable(),
    updated_at: z.string(),
  });

  const Views = z.object({
    /** The person's own views and the company's shared ones, by name. */
    items: z.array(View),
    /** The person's own column choice for this company; null: the default columns. */
    columns: z.array(Column).nullable(),
  });

  const ColumnsBody = z.object({ columns: Columns }).strict();
  return { Column, Columns, Sort, Body, Patch, View, Views, ColumnsBody };
}
