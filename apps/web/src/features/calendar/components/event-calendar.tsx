import FullCalendar, {
  type CalendarApi,
  type CalendarRef,
  type DateSelectInfo,
  type DatesSetInfo,
  type EventChangeInfo,
  type EventClickInfo,
  type EventInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { TodoEvent } from '@kontora/contract/events';
import { toZonedDate } from '@kontora/contract/time-zone';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '../../shared/calendar/calendar.css';
import { calendarStringToInstant } from '../../shared/calendar/calendar-dates.ts';
import { CALENDAR_LOCALES, calendarTimeFormat } from '../../shared/calendar/calendar-locales.ts';
import { CALENDAR_LOOK } from '../../shared/calendar/calendar-look.ts';
import type { VisibleRange } from '../api/calendar-events.ts';
import type { CalendarEventProps } from '../lib/calendar-event-input.ts';
import { makeTimeGridFocusable } from '../lib/focusable-time-grid.ts';
import type { CalendarChange } from '../lib/moved-event-body.ts';
import type { CalendarView } from '../lib/use-calendar-place.ts';
import { useOpenAtWorkingDay } from '../lib/use-open-at-working-day.ts';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];
/**
 * The week's day headers would be links named by the full date while showing
 * "Mon 6/9", which screen-reader users hear as a mismatch (axe: serious); the
 * month's day numbers and the list's headers stay links to their day.
 */
const VIEW_OPTIONS = { timeGridWeek: { navLinks: false } };

/**
 * Week and day get a fixed height (three quarters of the window, at least 420 px)
 * so their grid scrolls inside itself and opens at the working day (`scrollTime`);
 * with `height="auto"` the whole day shows and the page opens at midnight.
 * Month and list stay as tall as their content.
 */
const isTimeGrid = (view: CalendarView) => view === 'timeGridWeek' || view === 'timeGridDay';
const gridHeight = () => Math.max(420, Math.round(window.innerHeight * 0.75));

type EventCalendarProps = {
  events: EventInput[];
  /** IANA zone the calendar places and hands out times in (the company's). */
  timeZone: string;
  language: string;
  view: CalendarView;
  /** "YYYY-MM-DD" to open on, else today. */
  date: string | null;
  /** The period drawn (a move, or the first draw): the to-dos are asked for its range. */
  onRangeChange: (range: VisibleRange) => void;
  /** A day's link: the place to move to, through the address like the toolbar's moves. */
  onNavigate: (view: CalendarView, date: string) => void;
  onSelect: (selection: DateSelectInfo) => void;
  onOpen: (todo: TodoEvent) => void;
  /** A drag or resize; call `change.revert()` when the server refuses it. */
  onChange: (change: EventChangeInfo, kind: CalendarChange) => void;
  /** "HH:MM" the week and day views open scrolled to: the company's working day. */
  workdayStart: string;
};

/** The current date of the calendar as "YYYY-MM-DD" in its zone. */
function currentDate(api: CalendarApi): string {
  return api.formatIso(api.getDate(), true).slice(0, 10);
}

/**
 * FullCalendar (v7) with the app's four views, in the person's language and the
 * company's time zone. Events come in as props (the query cache owns them); the
 * calendar follows `view` and `date`, and reports the range it draws and what the
 * person did. Memoised: drawing it is the screen's heaviest render, redone only
 * when its own props change (the screen's handlers are stable).
 */
export const EventCalendar = memo(function EventCalendar(props: EventCalendarProps) {
  const { events, timeZone, language, view, date, onRangeChange, onNavigate, onSelect, onOpen, onChange } =
    props;
  const { t } = useTranslation();
  const times = calendarTimeFormat(language);
  const ref = useRef<CalendarRef>(null);
  const box = useRef<HTMLDivElement>(null);
  // Where to open, fixed at mount: FullCalendar must not see these change (moves go through the effect below).
  const [initial] = useState({ view, date: date ?? undefined });
  const [timeGridHeight] = useState(gridHeight);
  const scrollTime = `${props.workdayStart}:00`;

  // The address changed under the calendar (a link, Back): follow it in one step, so
  // the calendar reports one new place rather than an intermediate one.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== view || (date && currentDate(api) !== date))
      api.changeView(view, date ?? api.getDate());
  }, [view, date]);

  useOpenAtWorkingDay(box, ref, isTimeGrid(view), scrollTime);

  const datesSet = (info: DatesSetInfo) => {
    // Another week or day may have drawn new rows.
    requestAnimationFrame(() => makeTimeGridFocusable(box.current, scrollTime));
    onRangeChange({
      from: calendarStringToInstant(info.startStr, timeZone),
      to: calendarStringToInstant(info.endStr, timeZone),
    });
  };

  return (
    <div ref={box}>
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        // The screen draws its own toolbar before this code has arrived (calendar-toolbar.tsx).
        headerToolbar={false}
        initialView={initial.view}
        initialDate={initial.date}
        timeZone={timeZone}
        locales={CALENDAR_LOCALES}
        locale={language}
        events={events}
        height={isTimeGrid(view) ? timeGridHeight : 'auto'}
        dayMaxEvents
        nowIndicator
        navLinks
        // The day opens through the address, as every other move does (FullCalendar, without its
        // toolbar, would also open a month-grid day of its own, which the address cannot name).
        navLinkDayClick={(day: Date) => onNavigate('timeGridDay', toZonedDate(day, timeZone))}
        views={VIEW_OPTIONS}
        slotHeaderFormat={times}
        timedText={t('calendar.timed')}
        scrollTime={scrollTime}
        eventTimeFormat={times}
        dayCellClass={(info) => (info.isOther ? 'kt-day-other' : '')}
        listItemEventTitleClass="kt-fc-list-title"
        editable
        selectable
        selectMirror
        {...CALENDAR_LOOK}
        datesSet={datesSet}
        select={onSelect}
        eventClick={(info: EventClickInfo) => {
          info.jsEvent.preventDefault();
          onOpen((info.event.extendedProps as CalendarEventProps).todo);
        }}
        eventDrop={(info) => onChange(info, 'move')}
        eventResize={(info) => onChange(info, 'resize')}
      />
    </div>
  );
});
