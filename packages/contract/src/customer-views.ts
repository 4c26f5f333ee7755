import type { z } from 'zod';
import { CUSTOMER_COLUMNS } from './customer-view-values.ts';
import { CUSTOMER_SORTS, CustomerMatchFilter, CustomerMatchQuery } from './customers.ts';
import { listViewSchemas } from './list-views.ts';

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
const schemas = listViewSchemas({
  columns: CUSTOMER_COLUMNS,
  sorts: CUSTOMER_SORTS,
  defaultSort: 'name',
  filter: CustomerMatchFilter,
  query: CustomerMatchQuery,
});

/** The visible columns in their order: each at most once. */
export const CustomerColumns = schemas.Columns;

/** A view sorts by a built-in column or by a company's own field (`custom.{key}`); `dir` says which way. */
export const CustomerViewSort = schemas.Sort;
export type CustomerViewSort = z.output<typeof CustomerViewSort>;

export const CustomerViewBody = schemas.Body;
export type CustomerViewBody = z.output<typeof CustomerViewBody>;
export type CustomerViewInput = z.input<typeof CustomerViewBody>;

/** Only the fields sent change (no defaults here). */
export const CustomerViewPatch = schemas.Patch;
export type CustomerViewPatch = z.output<typeof CustomerViewPatch>;

export const CustomerView = schemas.View;
export type CustomerView = z.infer<typeof CustomerView>;

export const CustomerViews = schemas.Views;
export type CustomerViews = z.infer<typeof CustomerViews>;

export const CustomerColumnsBody = schemas.ColumnsBody;
export type CustomerColumnsBody = z.output<typeof CustomerColumnsBody>;
