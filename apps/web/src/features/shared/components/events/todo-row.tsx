import type { TodoEvent } from '@kontora/contract/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useZonedFormat } from '../../../../lib/use-zoned-format.ts';
import { useSetEventDone } from '../../api/set-event-done.ts';
import { EVENT_TYPE_COLORS } from '../../lib/event-colors.ts';
import './todo-row.css';

type TodoRowProps = {
  event: TodoEvent;
  timeZone: string | undefined;
  onOpen: (event: TodoEvent) => void;
  /** Hidden on a customer's own page. */
  showCustomer?: boolean;
  /** Hidden on a deal's own page. */
  showDeal?: boolean;
};

/** When a to-do is over: its end, else its start (an all-day one at the end of its day). */
function isOverdue(event: TodoEvent): boolean {
  if (event.done) return false;
  const end =
    event.end_at ??
    (event.all_day ? new Date(Date.parse(event.start_at) + 86_400_000).toISOString() : event.start_at);
  return Date.parse(end) < Date.now();
}

/**
 * One to-do: a done checkbox that answers at once (and goes back with a message
 * if the server refuses), its title opening the dialog, type, time, customer.
 */
export function TodoRow({ event, timeZone, onOpen, showCustomer = true, showDeal = true }: TodoRowProps) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const setDone = useSetEventDone(companyId);
  const format = useZonedFormat(timeZone);
  const [shownDone, setShownDone] = useState<boolean | null>(null);
  const done = shownDone ?? event.done;
  const overdue = isOverdue(event);

  const toggle = async () => {
    const next = !done;
    setShownDone(next);
    try {
      await setDone.mutateAsync({ id: event.id, done: next, occurrenceStart: event.occurrence_start });
    } catch (error) {
      notify('danger', errorMessage(t, error));
    } finally {
      setShownDone(null);
    }
  };

  return (
    <li className={`list-group-item d-flex gap-3 align-items-start${done ? ' kt-todo-done' : ''}`}>
      <input
        type="checkbox"
        className="form-check-input mt-1 flex-shrink-0"
        checked={done}
        disabled={setDone.isPending}
        aria-label={
          done
            ? t('crm.todos.markOpen', { title: event.title })
            : t('crm.todos.markDone', { title: event.title })
        }
        onChange={() => void toggle()}
      />
      <div className="flex-grow-1 kt-shrink">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button
            type="button"
            className="btn btn-link p-0 fw-semibold text-start kt-todo-title"
            onClick={() => onOpen(event)}
          >
            {event.title}
          </button>
          {event.recurrence && (
            <span className="text-body-secondary" title={t('recurrence.repeats')}>
              <span aria-hidden="true">↻</span>
              <span className="visually-hidden">{t('recurrence.repeats')}</span>
            </span>
          )}
          <span className="kt-event-type" style={{ backgroundColor: EVENT_TYPE_COLORS[event.type] }}>
            {t(`crm.eventType.${event.type}`)}
          </span>
          {(event.priority === 'high' || event.priority === 'urgent') && (
            <span className={`badge ${event.priority === 'urgent' ? 'text-bg-danger' : 'text-bg-warning'}`}>
              {t(`crm.priority.${event.priority}`)}
            </span>
          )}
        </div>
        <div className="small text-body-secondary d-flex flex-wrap gap-3 mt-1">
          <span className={overdue ? 'text-danger-emphasis fw-semibold' : undefined}>
            {event.all_day ? format.date(event.start_at) : format.dateTime(event.start_at)}
            {overdue && ` · ${t('crm.todos.overdue')}`}
          </span>
          {showCustomer && event.customer_id !== null && (
            <Link to={paths.company.customer.href(event.customer_id)}>{event.customer_name}</Link>
          )}
          {showDeal && event.deal_id != null && event.deal_title && (
            <Link className="text-break" to={paths.company.deal.href(event.deal_id)}>
              {event.deal_title}
            </Link>
          )}
          {event.assignee_name && <span>{t('crm.todos.assignedTo', { name: event.assignee_name })}</span>}
        </div>
      </div>
    </li>
  );
}
