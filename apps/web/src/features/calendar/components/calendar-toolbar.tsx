import { useTranslation } from 'react-i18next';
import { periodTitle, periodUnit, shiftPeriod, todayIn } from '../lib/calendar-period.ts';
import { CALENDAR_VIEWS, type CalendarView } from '../lib/use-calendar-place.ts';

type CalendarToolbarProps = {
  view: CalendarView;
  /** The day the calendar is at ("YYYY-MM-DD"); today in the company's zone when the address names none. */
  date: string | null;
  timeZone: string;
  language: string;
  /** A new place: written to the address, which the calendar follows. */
  onMove: (view: CalendarView, date: string) => void;
};

/**
 * The calendar's period, Previous / Next / Today and its four views. Drawn by the app rather
 * than by FullCalendar, so the title and the controls show as soon as the company's zone is
 * known, while the calendar's own code (the screen's largest file) is still on its way
 * (docs/decisions/117-calendar-toolbar-before-the-calendar.md). Every control only moves the
 * address; the calendar follows it.
 */
export function CalendarToolbar({ view, date, timeZone, language, onMove }: CalendarToolbarProps) {
  const { t } = useTranslation();
  const today = todayIn(timeZone);
  const at = date ?? today;
  const unit = periodUnit(view);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <div className="d-flex gap-2">
        <div className="btn-group">
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-label={t(`calendar.toolbar.previous.${unit}`)}
            title={t(`calendar.toolbar.previous.${unit}`)}
            onClick={() => onMove(view, shiftPeriod(view, at, -1))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-label={t(`calendar.toolbar.next.${unit}`)}
            title={t(`calendar.toolbar.next.${unit}`)}
            onClick={() => onMove(view, shiftPeriod(view, at, 1))}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <button type="button" className="btn btn-outline-primary" onClick={() => onMove(view, today)}>
          {t('calendar.toolbar.today')}
        </button>
      </div>
      <h2 className="h4 mb-0">{periodTitle(view, at, language)}</h2>
      <div className="btn-group" role="tablist" aria-label={t('calendar.toolbar.views')}>
        {CALENDAR_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={option === view}
            className={`btn ${option === view ? 'btn-primary' : 'btn-outline-primary'}`}
            onClick={() => onMove(option, at)}
          >
            {t(`calendar.toolbar.view.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
