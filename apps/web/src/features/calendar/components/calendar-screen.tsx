import type { DateSelectInfo, EventChangeInfo } from '@fullcalendar/react';
import type { TodoEvent } from '@kontora/contract/events';
import { FALLBACK_LANGUAGE, isLanguage } from '@kontora/contract/limits';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawnLater } from '../../../components/drawn-later.tsx';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { browserTimeZone } from '../../../lib/browser-time-zone.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { calendarStringToInstant } from '../../shared/calendar/calendar-dates.ts';
import type { EventDraft } from '../../shared/components/events/event-form-values.ts';
import { LazyEventDialog } from '../../shared/components/events/lazy-event-dialog.ts';
import { EVENT_TYPE_COLORS } from '../../shared/lib/event-colors.ts';
import { useCalendarEvents, type VisibleRange } from '../api/calendar-events.ts';
import { toCalendarInput } from '../lib/calendar-event-input.ts';
import { todayIn } from '../lib/calendar-period.ts';
import type { CalendarChange } from '../lib/moved-event-body.ts';
import { type CalendarView, useCalendarPlace } from '../lib/use-calendar-place.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { EventTypeLegend } from './event-type-legend.tsx';
import { useEventMoves } from './use-event-moves.ts';

// FullCalendar is the screen's largest file: asked for as soon as the screen's own code runs,
// and drawn under the toolbar when it arrives (docs/decisions/117-calendar-toolbar-before-the-calendar.md).
const eventCalendarCode = import('./event-calendar.tsx');
// A failed load is reported by the render that awaits it (the screen's error boundary), not as unhandled.
eventCalendarCode.catch(() => {});
const EventCalendar = lazy(async () => ({ default: (await eventCalendarCode).EventCalendar }));

/** What the to-do dialog shows: a new to-do (maybe with a selected range) or an existing one. */
type DialogState = { event: TodoEvent | null; draft?: EventDraft } | null;

/** The CRM calendar (docs/product.md §7): the company's to-dos by month, week, day or list. */
export function CalendarScreen() {
  const companyId = useCompanyId();
  const profile = useCompanyProfile(companyId);
  const company = profile.data;

  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  // Times are placed in the company's zone, so nothing is drawn before it is known.
  if (!company) return <PageSpinner />;
  return (
    <CompanyCalendar
      companyId={companyId}
      timeZone={company.time_zone}
      workdayStart={company.workday_start}
    />
  );
}

function CompanyCalendar({
  companyId,
  timeZone,
  workdayStart,
}: {
  companyId: number;
  timeZone: string;
  workdayStart: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const calendarLanguage = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  const place = useCalendarPlace();
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const events = useCalendarEvents(companyId, range);
  const moves = useEventMoves(companyId, timeZone);

  const inputs = useMemo(
    () => (events.data ?? []).map((event) => toCalendarInput(event, timeZone, EVENT_TYPE_COLORS[event.type])),
    [events.data, timeZone],
  );
  // The to-dos reach the calendar in a deferred render: the query's answer renders synchronously,
  // and FullCalendar drawing a month of to-dos there was a long task of a phone's first load
  // (docs/decisions/099-answers-drawn-in-short-tasks.md).
  const shownInputs = useDeferredValue(inputs);
  // The month's weeks are as tall as their to-dos: drawn before the first answer, every week
  // moved when it arrived (Lighthouse: layout shift 0.18 on a desktop's first load). So the month
  // is laid out but not shown until its first to-dos are drawn, or the question failed; from then
  // on it stays shown (later answers follow the person's own moves).
  const [firstDrawn, setFirstDrawn] = useState(false);
  if (!firstDrawn && (events.isError || (events.data !== undefined && shownInputs === inputs))) {
    setFirstDrawn(true);
  }
  const waitingForFirst = place.view === 'dayGridMonth' && !firstDrawn;
  // The calendar mounts in a deferred render, which React splits into short tasks: mounted in
  // the synchronous render of the profile's answer, FullCalendar was one long task of a phone's
  // first load (docs/decisions/099-answers-drawn-in-short-tasks.md). The toolbar shows meanwhile.
  const drawCalendar = useDeferredValue(true, false);

  // Every move goes through the address (the toolbar, a day's link, Back), which the calendar
  // follows; its reports only give the range to ask to-dos for. Were they to write the address
  // too, a late report of an earlier move would undo a newer one (Week, then Previous week at
  // once), and the day they report is not always the one asked for (decision 117).
  const onRangeChange = (next: VisibleRange) => {
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
  };
  // An address that names no place (the menu's link) is given the one shown: the view the screen
  // opens on and its day, or today, so that a reload or a shared link opens the same period.
  const { named, view: shownView, date: shownDate, setPlace } = place;
  useEffect(() => {
    if (!named) setPlace(shownView, shownDate ?? todayIn(timeZone));
  }, [named, shownView, shownDate, setPlace, timeZone]);

  const onSelect = (selection: DateSelectInfo) => {
    selection.view.calendar.unselect();
    setDialog({
      event: null,
      draft: {
        all_day: selection.allDay,
        start_at: calendarStringToInstant(selection.startStr, timeZone),
        end_at: calendarStringToInstant(selection.endStr, timeZone),
      },
    });
  };

  // The calendar is memoised: it gets the same handlers every render, which call the latest ones.
  const latest = useRef({ onRangeChange, onSelect, save: moves.save, setPlace });
  latest.current = { onRangeChange, onSelect, save: moves.save, setPlace };
  const handlers = useMemo(
    () => ({
      onRangeChange: (next: VisibleRange) => latest.current.onRangeChange(next),
      onNavigate: (view: CalendarView, date: string) => latest.current.setPlace(view, date),
      onSelect: (selection: DateSelectInfo) => latest.current.onSelect(selection),
      onOpen: (event: TodoEvent) => setDialog({ event }),
      onChange: (info: EventChangeInfo, kind: CalendarChange) => void latest.current.save(info, kind),
    }),
    [],
  );

  return (
    <>
      <PageHeader title={t('calendar.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ event: null })}>
          {t('calendar.newTodo')}
        </button>
      </PageHeader>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <EventTypeLegend />
        {timeZone !== browserTimeZone() && (
          <span className="small text-body-secondary">{t('calendar.timesIn', { zone: timeZone })}</span>
        )}
      </div>
      {events.isError && <LoadError error={events.error} onRetry={() => void events.refetch()} />}
      <section
        className="card kt-card kt-calendar"
        aria-busy={events.isFetching}
        aria-label={t('calendar.title')}
      >
        <div className="card-body">
          <CalendarToolbar
            view={place.view}
            date={place.date}
            timeZone={timeZone}
            language={calendarLanguage}
            onMove={place.setPlace}
          />
          <div style={waitingForFirst ? { visibility: 'hidden' } : undefined}>
            {drawCalendar && (
              <Suspense fallback={null}>
                <EventCalendar
                  events={shownInputs}
                  timeZone={timeZone}
                  workdayStart={workdayStart}
                  language={calendarLanguage}
                  view={place.view}
                  date={place.date}
                  {...handlers}
                />
              </Suspense>
            )}
          </div>
        </div>
      </section>
      <LazyEventDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        event={dialog?.event ?? null}
        draft={dialog?.draft}
      />
      {/* Below a calendar that grows when its to-dos arrive: shown from then on, it is not pushed down on arrival. */}
      {(events.data !== undefined || events.isError) && (
        <DrawnLater>
          <CalendarFeedCard companyId={companyId} />
        </DrawnLater>
      )}
      {moves.dialog}
    </>
  );
}
