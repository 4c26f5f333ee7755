import type { EventFilter, TodoEvent } from '@kontora/contract/events';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useEventPages } from '../../shared/api/get-events.ts';
import { CustomerPicker } from '../../shared/components/events/customer-picker.tsx';
import { LazyEventDialog } from '../../shared/components/events/lazy-event-dialog.ts';
import { TodoRow } from '../../shared/components/events/todo-row.tsx';
import { useImportParam } from '../../shared/components/import/use-import-param.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { TodoExportButton } from './events/todo-export-button.tsx';
import { todoImportKind } from './events/todo-import-kind.ts';

const ImportWizard = lazy(() =>
  import('../../shared/components/import/import-wizard.tsx').then((m) => ({ default: m.ImportWizard })),
);

/** The list's views; "mine" is a separate switch that narrows any of them. */
const VIEWS = ['open', 'today', 'overdue', 'upcoming', 'done'] as const satisfies readonly EventFilter[];
type View = (typeof VIEWS)[number];

/** The company's to-dos (#/company/customer/events): views, only mine, one customer, done toggles, CSV import and export. */
export function EventsScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const profile = useCompanyProfile(companyId);
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'open';
  const mine = params.get('mine') === '1';
  const customerId = Number(params.get('customer')) || undefined;
  const customerName = params.get('customer_name') ?? '';
  const [dialog, setDialog] = useState<{ event: TodoEvent | null } | null>(null);
  const [importing, setImporting] = useImportParam();

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const filter: EventFilter[] = mine ? [view, 'mine'] : [view];
  const pages = useEventPages(companyId, {
    filter,
    customer_id: customerId,
    dir: view === 'done' ? 'desc' : 'asc',
    limit: 50,
  });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  // The list is named for the view its rows belong to: while another view loads, the previous
  // rows stay on screen (dimmed, busy) and must not be announced as the new view's answer.
  const [shownView, setShownView] = useState<View>(view);
  if (!pages.isPlaceholderData && pages.data && shownView !== view) setShownView(view);

  return (
    <>
      <PageHeader title={t('crm.events.title')}>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-primary" onClick={() => setImporting(true)}>
            {t('crm.events.import.open')}
          </button>
          <TodoExportButton filter={{ filter, customer_id: customerId }} />
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ event: null })}>
            {t('crm.events.new')}
          </button>
        </div>
      </PageHeader>
      <search className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <fieldset className="btn-group flex-wrap">
          <legend className="visually-hidden">{t('crm.events.show')}</legend>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={`btn ${v === view ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={v === view}
              onClick={() => setParam({ view: v === 'open' ? null : v })}
            >
              {t(`crm.events.filters.${v}`)}
            </button>
          ))}
        </fieldset>
        <div className="form-check form-switch mb-2">
          <input
            id="kt-events-mine"
            type="checkbox"
            role="switch"
            aria-checked={mine}
            className="form-check-input"
            checked={mine}
            onChange={(event) => setParam({ mine: event.target.checked ? '1' : null })}
          />
          <label htmlFor="kt-events-mine" className="form-check-label">
            {t('crm.events.onlyMine')}
          </label>
        </div>
        <div className="kt-events-customer">
          <CustomerPicker
            label={t('crm.events.customerFilter')}
            value={customerId ? { id: customerId, name: customerName } : null}
            onChange={(customer) =>
              setParam({
                customer: customer ? String(customer.id) : null,
                customer_name: customer ? customer.name : null,
              })
            }
          />
        </div>
      </search>
      <ListStates
        query={pages}
        isEmpty={items.length === 0}
        icon="calendar"
        emptyTitle={t(`crm.events.empty.${view}`)}
      >
        <section className="card kt-card" aria-label={t(`crm.events.filters.${shownView}`)}>
          <ul className="list-group list-group-flush">
            {items.map((event) => (
              <TodoRow
                key={event.occurrence_id}
                event={event}
                timeZone={profile.data?.time_zone}
                onOpen={(e) => setDialog({ event: e })}
              />
            ))}
          </ul>
        </section>
        {pages.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-primary mt-3"
            disabled={pages.isFetchingNextPage}
            aria-busy={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('crm.events.loadMore')}
          </button>
        )}
      </ListStates>
      <OnceOpened open={importing}>
        <ImportWizard kind={todoImportKind} open={importing} onClose={() => setImporting(false)} />
      </OnceOpened>
      <LazyEventDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        event={dialog?.event ?? null}
        draft={customerId ? { customer_id: customerId, customer_name: customerName } : undefined}
      />
    </>
  );
}
