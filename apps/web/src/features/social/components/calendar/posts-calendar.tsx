import FullCalendar, {
  type AllowFunc,
  type DatesSetInfo,
  type EventDropInfo,
  type EventInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { FALLBACK_LANGUAGE, isLanguage } from '@kontora/contract/limits';
import type { SocialPost } from '@kontora/contract/social-posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
// The CRM calendar's look (toolbar, buttons, contrast fixes), shared rather than copied.
import '../../../shared/calendar/calendar.css';
import { paths } from '../../../../config/paths.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { calendarStringToInstant } from '../../../shared/calendar/calendar-dates.ts';
import {
  CALENDAR_LOCALES,
  calendarTimeFormat,
  todayText,
} from '../../../shared/calendar/calendar-locales.ts';
import { CALENDAR_LOOK } from '../../../shared/calendar/calendar-look.ts';
import { type CalendarRange, useCalendarPosts } from '../../api/get-calendar-posts.ts';
import { useUpdatePost } from '../../api/update-post.ts';
import { postSpan } from '../../lib/post-span.ts';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listWeek' };
/** Status colours with text contrast on both themes (Bootstrap's 600-level shades). */
const COLOURS: Record<string, string> = {
  scheduled: '#0a58ca',
  publishing: '#6f42c1',
  published: '#146c43',
  partly_failed: '#b35900',
  failed: '#b02a37',
};

/** Where a post sits: its scheduled time, else when it went out, else when it was written. */
function postTime(post: SocialPost): string {
  return post.scheduled_at ?? post.targets.find((t) => t.published_at)?.published_at ?? post.created_at;
}

function toEvent(post: SocialPost, noText: string, timeZone: string): EventInput {
  return {
    id: String(post.id),
    title: post.text.split('\n')[0]?.slice(0, 80) || noText,
    ...postSpan(postTime(post), timeZone),
    allDay: false,
    color: COLOURS[post.status],
    // Only a post still waiting for its time can be moved; the server refuses the rest anyway.
    editable: post.status === 'scheduled',
    extendedProps: { status: post.status },
  };
}

/**
 * The scheduled and published posts on FullCalendar, in the company's zone;
 * dragging a scheduled post reschedules it (PATCH `scheduled_at`; the server
 * moves its publishing job and refuses a time in the past, which puts it back).
 */
export function PostsCalendar({ companyId, timeZone }: { companyId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language = isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
  const times = calendarTimeFormat(language);
  const navigate = useNavigate();
  // `?date=YYYY-MM-DD` opens the calendar on that month (a link to a post's day); else today.
  const [search] = useSearchParams();
  const [initialDate] = useState(() => {
    const date = search.get('date');
    return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
  });
  const [range, setRange] = useState<CalendarRange | null>(null);
  const posts = useCalendarPosts(companyId, range);
  const update = useUpdatePost(companyId);
  const noText = t('socialCalendar.noText');
  // The same array until the posts change: FullCalendar rebuilds its events (and drops a drag) on a new one.
  const events = useMemo(
    () =>
      (posts.data?.items ?? []).filter((p) => p.status !== 'draft').map((p) => toEvent(p, noText, timeZone)),
    [posts.data, noText, timeZone],
  );

  const datesSet = (info: DatesSetInfo) => {
    const next = {
      from: calendarStringToInstant(info.startStr, timeZone),
      to: calendarStringToInstant(info.endStr, timeZone),
    };
    setRange((old) => (old?.from === next.from && old.to === next.to ? old : next));
  };

  // A post still waiting for its time moves to a time still ahead (the server refuses the past too).
  const allow: AllowFunc = (span, event) =>
    event?.extendedProps.status === 'scheduled' && span.start.getTime() > Date.now();

  const drop = (info: EventDropInfo) => {
    const id = Number(info.event.id);
    const scheduledAt = calendarStringToInstant(info.event.startStr, timeZone);
    const version = posts.data?.items.find((p) => p.id === id)?.version;
    if (version === undefined) return info.revert();
    // A post changed meanwhile answers stale_update: put back, and the refetch shows the latest.
    update.mutate(
      { id, body: { scheduled_at: scheduledAt, version } },
      {
        onSuccess: () => notify('success', t('socialCalendar.moved', { title: info.event.title })),
        onError: (error) => {
          info.revert();
          notify('danger', t('socialCalendar.moveFailed', { reason: errorMessage(t, error) }));
        },
      },
    );
  };

  return (
    <section
      className="card kt-card kt-calendar"
      aria-busy={posts.isFetching}
      aria-label={t('socialCalendar.view.calendar')}
      data-testid="posts-calendar"
    >
      <div className="card-body">
        {posts.data && !posts.data.complete ? (
          <p className="small text-warning-emphasis">{t('socialCalendar.partial')}</p>
        ) : null}
        <FullCalendar
          plugins={PLUGINS}
          headerToolbar={TOOLBAR}
          initialView="dayGridMonth"
          initialDate={initialDate}
          timeZone={timeZone}
          locales={CALENDAR_LOCALES}
          locale={language}
          events={events}
          height="auto"
          dayMaxEvents
          nowIndicator
          todayHint={todayText(language)}
          eventTimeFormat={times}
          displayEventEnd={false}
          slotHeaderFormat={times}
          editable
          eventDurationEditable={false}
          eventAllow={allow}
          {...CALENDAR_LOOK}
          datesSet={datesSet}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            navigate(paths.company.socialPost.href(Number(info.event.id)));
          }}
          eventDrop={drop}
        />
      </div>
    </section>
  );
}
