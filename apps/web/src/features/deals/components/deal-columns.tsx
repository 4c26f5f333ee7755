import type { CustomField } from '@kontora/contract/custom-fields';
import { DEAL_LIST_COLUMNS, type DealListColumn } from '@kontora/contract/deal-values';
import type { Deal } from '@kontora/contract/deals';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { Formatters } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import { MissingCell } from '../../shared/components/list-columns/cells.tsx';
import {
  ownFieldColumns,
  useOwnFieldColumnParts,
} from '../../shared/components/list-columns/own-field-columns.tsx';
import type { DealListSort } from '../lib/deal-filter.ts';

/** The deal list's optional columns (the title always comes first), in the default order. */
export const DEAL_COLUMNS = DEAL_LIST_COLUMNS;
export type BuiltInDealColumn = DealListColumn;
/** A built-in column or one of the company's own fields (`custom.{key}`). */
export type DealColumn = BuiltInDealColumn | `custom.${string}`;

/** What a cell needs beside its deal: the table's translation, formatters and stage names. */
export type DealCellContext = {
  t: TFunction;
  format: Formatters;
  language: string;
  stageName: ReadonlyMap<number, string>;
};

export type DealColumnDef = {
  label: (t: TFunction) => string;
  /** The order the server sorts this column by. */
  sort?: DealListSort;
  nowrap?: boolean;
  cell: (deal: Deal, context: DealCellContext) => ReactNode;
};

const BUILT_IN: Record<BuiltInDealColumn, DealColumnDef> = {
  stage: { label: (t) => t('deals.fields.stage'), cell: (d, c) => c.stageName.get(d.stage_id) ?? '' },
  amount: {
    label: (t) => t('deals.fields.amount'),
    sort: 'amount',
    nowrap: true,
    cell: (d, c) => (d.amount === null ? <MissingCell /> : formatMoney(d.amount, d.currency, c.language)),
  },
  organisation: {
    label: (t) => t('deals.fields.organisation'),
    cell: (d) =>
      d.organisation_id === null ? (
        <MissingCell />
      ) : (
        <Link to={paths.company.customer.href(d.organisation_id)}>{d.organisation_name}</Link>
      ),
  },
  owner: { label: (t) => t('deals.fields.owner'), cell: (d) => d.owner_name ?? <MissingCell /> },
  expected_close_date: {
    label: (t) => t('deals.fields.expectedClose'),
    sort: 'expected_close_date',
    nowrap: true,
    cell: (d, c) =>
      d.expected_close_date ? c.format.date(`${d.expected_close_date}T12:00:00`) : <MissingCell />,
  },
};

const isBuiltIn = (column: string): column is BuiltInDealColumn =>
  (DEAL_COLUMNS as readonly string[]).includes(column);

/**
 * The deal list's columns, the company's own deal fields (in use) among them: `columns` what
 * the list can show, `defOf` how one is labelled, drawn and sorted (undefined for a field not
 * in use: not shown).
 */
export function useDealColumns(fields: readonly CustomField[]) {
  const parts = useOwnFieldColumnParts();
  return useMemo(() => {
    const custom: Map<string, DealColumnDef> = ownFieldColumns<Deal>(fields, parts);
    return {
      columns: [...DEAL_COLUMNS, ...custom.keys()] as DealColumn[],
      defOf: (column: DealColumn): DealColumnDef | undefined =>
        isBuiltIn(column) ? BUILT_IN[column] : custom.get(column),
    };
  }, [fields, parts]);
}
