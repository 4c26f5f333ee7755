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

export const CUSTOMER_VIEW_LIMITS = { nameMax: 80, viewsMax: 100 } as const;
