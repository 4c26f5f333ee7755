import type { z } from 'zod';
import { DEAL_LIST_COLUMNS, DEAL_SORTS } from './deal-values.ts';
import { DealMatchFilter, DealMatchQuery } from './deals.ts';
import { listViewSchemas } from './list-views.ts';

/**
 * The deal list's saved views and each person's columns, `/api/companies/{companyId}/deal-views`,
 * as the customer list's (./customer-views.ts; decision 088): columns among DEAL_LIST_COLUMNS and
 * `custom.{key}`, a sort among DEAL_SORTS or `custom.{key}`, the list's filters.
 */
const schemas = listViewSchemas({
  columns: DEAL_LIST_COLUMNS,
  sorts: DEAL_SORTS,
  defaultSort: 'updated_at',
  filter: DealMatchFilter,
  query: DealMatchQuery,
});

export const DealViewBody = schemas.Body;
export type DealViewBody = z.output<typeof DealViewBody>;
export type DealViewInput = z.input<typeof DealViewBody>;
export const DealViewPatch = schemas.Patch;
export type DealViewPatch = z.output<typeof DealViewPatch>;
export const DealView = schemas.View;
export type DealView = z.infer<typeof DealView>;
export const DealViews = schemas.Views;
export type DealViews = z.infer<typeof DealViews>;
export const DealColumnsBody = schemas.ColumnsBody;
export type DealColumnsBody = z.output<typeof DealColumnsBody>;
