import type { EventRow, OccurrenceRow } from '../events/events.service.ts';
import { escapeText, foldLine, localDate, localDateTime, utc, vtimezone } from './ics-writer.ts';

/**
 * The company's to-dos as an iCalendar (RFC 5545) document (decision 018).
 * By default each to-do is a VEVENT, which every calendar app shows; a done
 * one reads "✓ title". As VTODO (`?as=todo`, for task apps) a done one carries
 * STATUS:COMPLETED and COMPLETED. A series is one component with its RRULE,
 * EXDATE for deleted occurrences and a RECURRENCE-ID component for each
 * occurrence changed or completed on its own. Times are local in the company's
 * zone with its VTIMEZONE, so clients repeat them across clock changes as the app does.
 */
export type FeedComponent = 'VEVENT' | 'VTODO';

type Parts = {
  title: string;
  description: string | null;
  location: string | null;
  start_at: string;
  end_at: string | null;
  all_day: boolean;
  done: boolean;
  completed_at: string | null;
};

function overridesOf(diff: OccurrenceRow): Record<string, unknown> {
  try {
    return diff.overrides ? JSON.parse(diff.overrides) : {};
  } catch {
    return {};
  }
}

export function buildCalendar(opts: {
  name: string;
  host: string;
  timeZone: string;
  component: FeedComponent;
  events: EventRow[];
  occurrences: OccurrenceRow[];
  now?: Date;
}): string {
  const { timeZone, component } = opts;
  const now = opts.now ?? new Date();
  const stamp = utc(now.toISOString());
  const time = (name: string, iso: string, allDay: boolean) =>
    allDay
      ? `${name};VALUE=DATE:${localDate(iso, timeZone)}`
      : `${name};TZID=${timeZone}:${localDateTime(iso, timeZone)}`;

  const body = (uid: string, p: Parts, extra: string[]) => {
    const lines = [
      `BEGIN:${component}`,
      `UID:${uid}`,
      `DTSTAMP:${stamp}`,
      time('DTSTART', p.start_at, p.all_day),
    ];
    if (p.end_at && p.end_at > p.start_at)
      lines.push(time(component === 'VTODO' ? 'DUE' : 'DTEND', p.end_at, p.all_day));
    lines.push(...extra);
    const summary = component === 'VEVENT' && p.done ? `✓ ${p.title}` : p.title;
    lines.push(`SUMMARY:${escapeText(summary)}`);
    if (p.description) lines.push(`DESCRIPTION:${escapeText(p.description)}`);
    if (p.location) lines.push(`LOCATION:${escapeText(p.location)}`);
    if (component === 'VTODO') {
      lines.push(`STATUS:${p.done ? 'COMPLETED' : 'NEEDS-ACTION'}`);
      if (p.done && p.completed_at) lines.push(`COMPLETED:${utc(p.completed_at)}`);
    }
    lines.push(`END:${component}`);
    return lines;
  };

  const diffsOf = new Map<number, OccurrenceRow[]>();
  for (const d of opts.occurrences) diffsOf.set(d.event_id, [...(diffsOf.get(d.event_id) ?? []), d]);

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${opts.host}//Kontora to-dos//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...vtimezone(timeZone, now.getUTCFullYear()),
  ];
  for (const e of opts.events) {
    const uid = `event-${e.id}@${opts.host}`;
    const base: Parts = {
      title: e.title,
      description: e.description,
      location: e.location,
      start_at: e.start_at,
      end_at: e.end_at,
      all_day: Boolean(e.all_day),
      done: Boolean(e.done),
      completed_at: e.completed_at,
    };
    if (!e.recurrence) {
      lines.push(...body(uid, base, []));
      continue;
    }
    const diffs = diffsOf.get(e.id) ?? [];
    const extra = [`RRULE:${e.recurrence}`];
    for (const d of diffs.filter((x) => x.cancelled))
      extra.push(time('EXDATE', d.occurrence_start, base.all_day));
    lines.push(...body(uid, { ...base, done: false, completed_at: null }, extra));
    const duration = e.end_at ? Date.parse(e.end_at) - Date.parse(e.start_at) : null;
    for (const d of diffs.filter((x) => !x.cancelled)) {
      const o = overridesOf(d);
      const start = d.start_at ?? d.occurrence_start;
      const end = d.start_at
        ? d.end_at
        : duration === null
          ? null
          : new Date(Date.parse(d.occurrence_start) + duration).toISOString();
      const parts: Parts = {
        ...base,
        title: typeof o.title === 'string' ? o.title : base.title,
        description: typeof o.description === 'string' ? o.description : base.description,
        location: typeof o.location === 'string' ? o.location : base.location,
        start_at: start,
        end_at: end,
        all_day: d.all_day == null ? base.all_day : Boolean(d.all_day),
        done: Boolean(d.done),
        completed_at: d.completed_at,
      };
      lines.push(...body(uid, parts, [time('RECURRENCE-ID', d.occurrence_start, base.all_day)]));
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('');
}
