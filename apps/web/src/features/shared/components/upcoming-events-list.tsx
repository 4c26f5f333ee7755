import type { TodoEvent } from '@kontora/contract/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useZonedFormat } from '../../../lib/use-zoned-format.ts';
import { EVENT_TYPE_COLORS } from '../lib/event-colors.ts';
import './upcoming-events-list.css';

/**
 * The next open to-dos with their time (as the company's clock shows it, like the
 * to-do list), type and customer. Also the company dashboard's CRM widget.
 */
export function UpcomingEventsList({ events, timeZone }: { events: TodoEvent[]; timeZone: string }) {
  const { t } = useTranslation();
  const format = useZonedFormat(timeZone);
  if (events.length === 0) {
    return <p className="text-body-secondary mb-0">{t('crm.dashboard.upcoming.empty')}</p>;
  }
  return (
    <ul className="list-unstyled mb-0 kt-upcoming">
      {events.map((event) => (
        <li key={event.occurrence_id} className="d-flex gap-3 py-2">
          <span
            className="kt-upcoming-dot flex-shrink-0"
            style={{ backgroundColor: EVENT_TYPE_COLORS[event.type] }}
            aria-hidden="true"
          />
          <div className="kt-shrink">
            <div className="fw-semibold text-break">{event.title}</div>
            <div className="small text-body-secondary">
              <time dateTime={event.start_at}>
                {event.all_day ? format.date(event.start_at) : format.dateTime(event.start_at)}
              </time>
              {' · '}
              {t(`crm.eventType.${event.type}`)}
              {event.customer_id !== null && (
                <>
                  {' · '}
                  <Link to={paths.company.customer.href(event.customer_id)}>{event.customer_name}</Link>
                </>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
