import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import type { DealListSort } from '../lib/deal-filter.ts';
import type { DealCellContext, DealColumn, DealColumnDef } from './deal-columns.tsx';

type DealTableProps = {
  deals: readonly Deal[];
  pipelines: readonly Pipeline[];
  /** The columns shown after the title, in order, each with how it is drawn. */
  columns: readonly { column: DealColumn; def: DealColumnDef }[];
  sort: DealListSort;
  dir: 'asc' | 'desc';
  onSort: (sort: DealListSort, dir: 'asc' | 'desc') => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
};

/** The list's rows; a header click sorts by that column (again: the other way). */
export function DealTable({
  deals,
  pipelines,
  columns,
  sort,
  dir,
  onSort,
  selected,
  onSelect,
}: DealTableProps) {
  const { t, i18n } = useTranslation();
  const context: DealCellContext = {
    t,
    format: useFormatters(),
    language: i18n.resolvedLanguage ?? i18n.language,
    stageName: new Map(pipelines.flatMap((p) => p.stages.map((s) => [s.id, s.name] as const))),
  };
  const allChosen = deals.length > 0 && deals.every((deal) => selected.has(deal.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const header = (key: string, label: string, by: DealListSort | undefined) => {
    if (!by)
      return (
        <th key={key} scope="col">
          {label}
        </th>
      );
    const active = sort === by;
    return (
      <th key={key} scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-reset text-decoration-none text-nowrap"
          onClick={() => onSort(by, active && dir === 'asc' ? 'desc' : 'asc')}
        >
          {label}
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
            {header('title', t('deals.fields.title'), 'title')}
            {columns.map(({ column, def }) => header(column, def.label(t), def.sort))}
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
              {columns.map(({ column, def }) => (
                <td key={column} className={def.nowrap ? 'text-nowrap' : undefined}>
                  {def.cell(deal, context)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
