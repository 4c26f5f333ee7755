import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { type AuditFilters, useAudit } from '../api/get-audit.ts';
import { AuditEntryItem } from './audit-entry.tsx';
import { type ComboboxOption, SearchCombobox } from './search-combobox.tsx';
import { useCompanyOptions, usePersonOptions } from './search-picker.tsx';

const ENTITIES = [
  'company',
  'user',
  'membership',
  'invitation',
  'customer',
  'api_key',
  'webhook',
  'connector',
  'custom_field',
  'job',
] as const;

/** Who changed what, when (superusers): filters, newest first, "Load more" by cursor. */
export function AuditScreen() {
  const { t } = useTranslation();
  const id = useId();
  const [actor, setActor] = useState<ComboboxOption | null>(null);
  const [company, setCompany] = useState<ComboboxOption | null>(null);
  const [entity, setEntity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeWrong = Boolean(from && to && from > to);
  const filters: AuditFilters = {
    actor_id: actor?.id,
    company_id: company?.id,
    entity: entity || undefined,
    from: from || undefined,
    to: to && !rangeWrong ? to : undefined,
  };
  const audit = useAudit(filters);
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(actor || company || entity || from || to);

  const clear = () => {
    setActor(null);
    setCompany(null);
    setEntity('');
    setFrom('');
    setTo('');
  };

  return (
    <>
      <PageHeader title={t('admin.audit.title')} />
      <p className="text-body-secondary">{t('admin.audit.intro')}</p>
      <section className="card kt-card mb-3" aria-labelledby={`${id}-filters`}>
        <div className="card-body">
          <h2 className="visually-hidden" id={`${id}-filters`}>
            {t('admin.audit.filters')}
          </h2>
          <div className="row g-3 align-items-end">
            <div className="col-12 col-md-6 col-xl-3">
              <SearchCombobox
                label={t('admin.audit.actor')}
                emptyLabel={t('admin.audit.anyActor')}
                noMatch={t('admin.audit.noPerson')}
                useMatches={usePersonOptions}
                value={actor}
                onChange={setActor}
              />
            </div>
            <div className="col-12 col-md-6 col-xl-3">
              <SearchCombobox
                label={t('admin.audit.company')}
                emptyLabel={t('admin.audit.anyCompany')}
                noMatch={t('admin.audit.noCompany')}
                useMatches={useCompanyOptions}
                value={company}
                onChange={setCompany}
              />
            </div>
            <div className="col-12 col-md-4 col-xl-2">
              <label htmlFor={`${id}-entity`} className="form-label">
                {t('admin.audit.entity')}
              </label>
              <select
                id={`${id}-entity`}
                className="form-select"
                value={entity}
                onChange={(event) => setEntity(event.target.value)}
              >
                <option value="">{t('admin.audit.anyEntity')}</option>
                {ENTITIES.map((e) => (
                  <option key={e} value={e}>
                    {t(`admin.audit.entities.${e}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-4 col-xl-2">
              <label htmlFor={`${id}-from`} className="form-label">
                {t('admin.audit.from')}
              </label>
              <input
                id={`${id}-from`}
                type="date"
                className="form-control"
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
              />
            </div>
            <div className="col-6 col-md-4 col-xl-2">
              <label htmlFor={`${id}-to`} className="form-label">
                {t('admin.audit.to')}
              </label>
              <input
                id={`${id}-to`}
                type="date"
                className={`form-control${rangeWrong ? ' is-invalid' : ''}`}
                aria-invalid={rangeWrong || undefined}
                aria-describedby={rangeWrong ? `${id}-range` : undefined}
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
              />
            </div>
          </div>
          {rangeWrong && (
            <div id={`${id}-range`} className="text-danger small mt-2">
              {t('admin.audit.rangeWrong')}
            </div>
          )}
          {filtered && (
            <button type="button" className="btn btn-link px-0 mt-2" onClick={clear}>
              {t('admin.audit.clear')}
            </button>
          )}
        </div>
      </section>
      <ListStates
        query={audit}
        isEmpty={items.length === 0}
        icon="activity"
        emptyTitle={filtered ? t('admin.audit.noMatch') : t('admin.audit.none')}
      >
        <ul className="list-group kt-card" aria-label={t('admin.audit.title')}>
          {items.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
        {audit.hasNextPage && (
          <div className="text-center mt-3">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={audit.isFetchingNextPage}
              aria-busy={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              {audit.isFetchingNextPage ? t('common.loading') : t('admin.audit.loadMore')}
            </button>
          </div>
        )}
      </ListStates>
    </>
  );
}
