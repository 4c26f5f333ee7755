import type { TodoEvent } from '@kontora/contract/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useEvents } from '../../shared/api/get-events.ts';
import { EventDialog } from '../../shared/components/events/event-dialog.tsx';
import { TodoRow } from '../../shared/components/events/todo-row.tsx';

/** A deal's open to-dos on its page, and "New to-do" for the deal (and its organisation). */
export function DealTodos({
  dealId,
  organisation,
}: {
  dealId: number;
  organisation: { id: number; name: string } | null;
}) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const profile = useCompanyProfile(companyId);
  const [dialog, setDialog] = useState<{ event: TodoEvent | null } | null>(null);
  const events = useEvents(companyId, { deal_id: dealId, filter: ['open'], dir: 'asc', limit: 50 });
  const items = events.data?.items ?? [];
  return (
    <section className="card kt-card mb-4" aria-labelledby="kt-deal-todos">
      <div className="card-header d-flex align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id="kt-deal-todos">
          {t('crm.todos.title')}
        </h2>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ event: null })}>
          {t('crm.events.new')}
        </button>
      </div>
      {events.error ? (
        <div className="card-body">
          <div className="alert alert-danger mb-0" role="alert">
            {errorMessage(t, events.error)}
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="card-body text-body-secondary">
          {events.isPending ? t('common.loading') : t('crm.todos.noneOpen')}
        </div>
      ) : (
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
      )}
      <EventDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        event={dialog?.event ?? null}
        draft={{
          deal_id: dealId,
          customer_id: organisation?.id ?? null,
          customer_name: organisation?.name ?? null,
        }}
      />
    </section>
  );
}
