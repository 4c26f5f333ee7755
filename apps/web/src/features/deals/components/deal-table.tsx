import type { DealSort } from '@kontora/contract/deal-values';
import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-money.ts';

type DealTableProps = {
  deals: readonly Deal[];
  pipelines: readonly Pipeline[];
  sort: DealSort;
  dir: 'asc' | 'desc';
  onSort: (sort: DealSort, dir: 'asc' | 'desc') => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
};

const SORTABLE: readonly {
  sort: DealSort;
  label: 'deals.fields.title' | 'deals.fields.amount' | 'deals.fields.expectedClose';
}[] = [
  { sort: 'title', label: 'deals.fields.title' },
  { sort: 'amount', label: 'deals.fields.amount' },
  { sort: 'expected_close_date', label: 'deals.fields.expectedClose' },
];

/** The list's rows; a header click sorts by that column (again: the other way). */
export function DealTable({ deals, pipelines, sort, dir, onSort, selected, onSelect }: DealTableProps) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const stageName = new Map(pipelines.flatMap((p) => p.stages.map((s) => [s.id, s.name] as const)));
  const allChosen = deals.length > 0 && deals.every((deal) => selected.has(deal.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const header = (column: (typeof SORTABLE)[number]) => {
    const active = sort === column.sort;
    return (
      <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-reset text-decoration-none"
          onClick={() => onSort(column.sort, active && dir === 'asc' ? 'desc' : 'asc')}
        >
          {t(column.label)}
          {active && <span aria-hidden="true">{dir === 'asc' ? ' ↑' : ' ↓'}</span>}
        </button>
      </th>
    );
  };
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                className="form-check-input"
                aria-label={t('deals.list.selectAll')}
                checked={allChosen}
                onChange={() => onSelect(allChosen ? new Set() : new Set(deals.map((deal) => deal.id)))}
              />
            </th>
            {header(SORTABLE[0] as (typeof SORTABLE)[number])}
            <th scope="col">{t('deals.fields.stage')}</th>
            {header(SORTABLE[1] as (typeof SORTABLE)[number])}
            <th scope="col">{t('deals.fields.organisation')}</th>
            <th scope="col">{t('deals.fields.owner')}</th>
            {header(SORTABLE[2] as (typeof SORTABLE)[number])}
          </tr>
        </thead>
        <tbody>
          {deals.map((deal) => (
            <tr key={deal.id}>
              <td>
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={t('deals.list.select', { title: deal.title })}
                  checked={selected.has(deal.id)}
                  onChange={() => toggle(deal.id)}
                />
              </td>
              <td>
                <Link to={paths.company.deal.href(deal.id)}>{deal.title}</Link>
                {deal.rotting && (
                  <span className="badge text-bg-warning ms-2">{t('deals.card.rotting')}</span>
                )}
              </td>
              <td>{stageName.get(deal.stage_id) ?? ''}</td>
              <td>{deal.amount === null ? '' : formatMoney(deal.amount, deal.currency, language)}</td>
              <td>
                {deal.organisation_id !== null && (
                  <Link to={paths.company.customer.href(deal.organisation_id)}>{deal.organisation_name}</Link>
                )}
              </td>
              <td>{deal.owner_name ?? ''}</td>
              <td>{deal.expected_close_date ? format.date(`${deal.expected_close_date}T12:00:00`) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
