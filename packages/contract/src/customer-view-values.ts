/**
 * The customer list's columns and the saved views' limits (./customer-views.ts) without zod: the
 * web app's customer list needs them on its first load, and zod is not needed there
 * (docs/decisions/021-lean-css-and-first-paint.md). ./customer-views.ts re-exports them.
 */
export const CUSTOMER_COLUMNS = [
  'status',
  'owner',
  'organisation',
  'phone',
  'tags',
  'created_at',
  'updated_at',
] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];
/** A column of one of the company's own fields: `custom.{key}` (./custom-fields.ts). */
export type CustomColumn = `custom.${string}`;
/** Any column of the list: a built-in one or a company's own field. */
export type ListColumn = CustomerColumn | CustomColumn;
/** `custom.{key}`, as a column, a view's sort or a filter names a company's own field. */
export const CUSTOM_COLUMN_PATTERN = /^custom\.[a-z][a-z0-9_]{0,39}$/;
export const isCustomColumn = (column: string): column is CustomColumn => CUSTOM_COLUMN_PATTERN.test(column);

export const CUSTOMER_VIEW_LIMITS = {
  nameMax: 80,
  viewsMax: 100,
  /** Columns shown at once: the built-in ones and up to this many of the company's own fields. */
  customColumnsMax: 50,
} as const;
