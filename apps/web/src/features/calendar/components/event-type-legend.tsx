import { EVENT_TYPES } from '@kontora/contract/event-values';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPE_COLORS } from '../../shared/lib/event-colors.ts';

/** What the calendar's colours mean. */
export function EventTypeLegend() {
  const { t } = useTranslation();
  return (
    <ul className="list-inline small mb-0" aria-label={t('calendar.legend')}>
      {EVENT_TYPES.map((type) => (
        <li key={type} className="list-inline-item me-3">
          <span className="kt-calendar-swatch me-1" style={{ backgroundColor: EVENT_TYPE_COLORS[type] }} />
          {t(`crm.eventType.${type}`)}
        </li>
      ))}
    </ul>
  );
}
