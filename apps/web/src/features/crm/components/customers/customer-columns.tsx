import type { CustomField } from '@kontora/contract/custom-fields';
import {
  CUSTOMER_COLUMNS,
  type CustomerColumn,
  isCustomColumn,
  type ListColumn,
} from '@kontora/contract/customer-view-values';
import type { Customer } from '@kontora/contract/customers';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import type { Formatters } from '../../../../lib/format.ts';
import { MissingCell } from '../../../shared/components/list-columns/cells.tsx';
import {
  ownFieldColumns,
  useOwnFieldColumnParts,
} from '../../../shared/components/list-columns/own-field-columns.tsx';
import { statusBadge } from './status-badge.tsx';
import type { CustomerSort } from './use-customer-filter.ts';

/**
 * Every column but the name, in the default order. The organisation is chosen in the columns
 * dialog: shown by default it made the table wider than a 1440 px screen in German.
 */
export const DEFAULT_COLUMNS: readonly CustomerColumn[] = CUSTOMER_COLUMNS.filter(
  (c) => c !== 'organisation',
);

export type ColumnDef = {
  label: (t: TFunction) => string;
  /** Columns the server sorts by. */
  sort?: CustomerSort;
  nowrap?: boolean;
  /** `t` is the table's: a cell has no translation hook of its own (status-badge.tsx). */
  cell: (customer: Customer, format: Formatters, t: TFunction) => ReactNode;
};

/** How each optional column of the customer list is labelled and drawn. */
export const COLUMN_DEFS: Record<CustomerColumn, ColumnDef> = {
  status: { label: (t) => t('crm.fields.status'), cell: (c, _format, t) => statusBadge(t, c.status) },
  owner: { label: (t) => t('crm.fields.owner'), cell: (c) => c.owner_name ?? <MissingCell /> },
  organisation: {
    label: (t) => t('peopleOrgs.organisation'),
    cell: (c) =>
      c.organisations.length === 0 ? <MissingCell /> : c.organisations.map((o) => o.name).join(', '),
  },
  phone: { label: (t) => t('crm.fields.phone'), nowrap: true, cell: (c) => c.phone ?? <MissingCell /> },
  tags: {
    label: (t) => t('crm.fields.tags'),
    cell: (c) =>
      c.tags.length === 0 ? (
        <MissingCell />
      ) : (
        <ul className="list-inline mb-0">
          {c.tags.map((tag) => (
            <li key={tag} className="list-inline-item me-1">
              <span className="badge bg-body-secondary text-body border">{tag}</span>
            </li>
          ))}
        </ul>
      ),
  },
  created_at: {
    label: (t) => t('crm.fields.created_at'),
    sort: 'created_at',
    nowrap: true,
    cell: (c, format) => format.date(c.created_at),
  },
  updated_at: {
    label: (t) => t('crm.fields.updated_at'),
    sort: 'updated_at',
    nowrap: true,
    cell: (c, format) => format.date(c.updated_at),
  },
};

/**
 * The list's columns, the company's own fields (in use) among them: `columns` what the list can
 * show, `defOf` how one is labelled and drawn (undefined for a field not in use: not shown).
 */
export function useListColumns(fields: readonly CustomField[]) {
  const parts = useOwnFieldColumnParts();
  return useMemo(() => {
    const custom: Map<string, ColumnDef> = ownFieldColumns<Customer>(fields, parts);
    return {
      columns: [...CUSTOMER_COLUMNS, ...custom.keys()] as ListColumn[],
      defOf: (column: ListColumn): ColumnDef | undefined =>
        isCustomColumn(column) ? custom.get(column) : COLUMN_DEFS[column],
    };
  }, [fields, parts]);
}
