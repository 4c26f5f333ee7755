import {
  EVENT_TYPES,
  EventCreateBody,
  type EventCreateInput,
  type EventPriority,
  type EventType,
  type TodoEvent,
} from '@kontora/contract/events';
import {
  addDays,
  fromZonedInput,
  toZonedDate,
  toZonedInput,
  zonedMidnight,
} from '@kontora/contract/time-zone';
import { zodCodes } from '../../../../lib/form-errors.ts';
import { fromRecurrence, NO_REPEAT, type RepeatValues, toRecurrence } from './repeat-values.ts';

/**
 * The to-do form as people fill it: wall-clock times in the company's zone,
 * an all-day to-do as first and (inclusive) last day. The API takes instants
 * and an exclusive end, so the conversion lives here, in one place.
 */
export type EventFormValues = {
  title: string;
  type: EventType;
  priority: EventPriority;
  all_day: boolean;
  /** `YYYY-MM-DDTHH:mm`, or `YYYY-MM-DD` when all day. */
  start: string;
  /** Same form as `start`; empty for none. For all-day to-dos the last day, inclusive. */
  end: string;
  assignee_id: string;
  customer_id: number | null;
  customer_name: string;
  /** The deal the to-do belongs to: set by the deal's page, not a field of the form. */
  deal_id: number | null;
  location: string;
  /** Minutes before the start, as the checkboxes' values. */
  reminders: string[];
  description: string;
} & RepeatValues;

export type EventFormField = keyof EventFormValues;

export const EVENT_FORM_FIELDS: EventFormField[] = [
  'title',
  'type',
  'priority',
  'all_day',
  'start',
  'end',
  'assignee_id',
  'customer_id',
  'location',
  'reminders',
  'description',
  'repeat',
];

/** API field → form field where they differ. */
export const API_TO_FORM: Record<string, EventFormField> = {
  start_at: 'start',
  end_at: 'end',
  recurrence: 'repeat',
  reminder_minutes: 'reminders',
};

export const REMINDER_CHOICES = [5, 15, 30, 60, 1440] as const;

/** What a new to-do starts with: a calendar selection, a customer's page. Instants are ISO. */
export type EventDraft = {
  start_at?: string;
  end_at?: string | null;
  all_day?: boolean;
  customer_id?: number | null;
  customer_name?: string | null;
  deal_id?: number | null;
  type?: EventType;
};

/** Values for a new to-do (or one from a calendar selection), times in `timeZone`. */
export function draftValues(
  draft: EventDraft,
  timeZone: string,
  /** A member's id, or '' for nobody. */
  defaultAssignee: string,
): EventFormValues {
  const start_at = draft.start_at ?? nextFullHour();
  return {
    ...fromInstants(start_at, draft.end_at ?? null, draft.all_day ?? false, timeZone),
    title: '',
    type: draft.type && EVENT_TYPES.includes(draft.type) ? draft.type : 'task',
    priority: 'normal',
    all_day: draft.all_day ?? false,
    assignee_id: defaultAssignee,
    customer_id: draft.customer_id ?? null,
    deal_id: draft.deal_id ?? null,
    customer_name: draft.customer_name ?? '',
    location: '',
    reminders: [],
    description: '',
    ...NO_REPEAT,
  };
}

export function eventValues(event: TodoEvent, timeZone: string): EventFormValues {
  return {
    ...fromInstants(event.start_at, event.end_at, event.all_day, timeZone),
    title: event.title,
    type: event.type,
    priority: event.priority,
    all_day: event.all_day,
    assignee_id: event.assignee_id === null ? '' : String(event.assignee_id),
    customer_id: event.customer_id,
    customer_name: event.customer_name ?? '',
    deal_id: event.deal_id ?? null,
    location: event.location ?? '',
    reminders: event.reminders.map(String),
    description: event.description ?? '',
    ...fromRecurrence(event.recurrence, timeZone),
  };
}

function nextFullHour(): string {
  const d = new Date();
  d.setMinutes(60, 0, 0);
  return d.toISOString();
}

function fromInstants(start_at: string, end_at: string | null, allDay: boolean, timeZone: string) {
  if (!allDay)
    return { start: toZonedInput(start_at, timeZone), end: end_at ? toZonedInput(end_at, timeZone) : '' };
  const start = toZonedDate(start_at, timeZone);
  // The stored end is exclusive (the midnight after the last day).
  const last = end_at ? toZonedDate(new Date(Date.parse(end_at) - 1).toISOString(), timeZone) : '';
  return { start, end: last > start ? last : '' };
}

/** The form switched to or from all day: keep the day, drop or add a time. */
export function switchAllDay(values: Pick<EventFormValues, 'start' | 'end'>, allDay: boolean) {
  if (allDay) return { start: values.start.slice(0, 10), end: values.end.slice(0, 10) };
  return { start: `${values.start.slice(0, 10)}T09:00`, end: '' };
}

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const isDateTime = (v: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v);

/** The API body of the form, or the form's problems (field → validation code). */
export function toEventBody(
  values: EventFormValues,
  timeZone: string,
):
  | { body: EventCreateInput; problems: null }
  | { body: null; problems: Partial<Record<EventFormField, string>> } {
  const problems: Partial<Record<EventFormField, string>> = {};
  const valid = values.all_day ? isDate : isDateTime;
  if (!valid(values.start)) problems.start = values.start ? 'invalid_datetime' : 'required';
  if (values.end && !valid(values.end)) problems.end = 'invalid_datetime';
  if (Object.keys(problems).length > 0) return { body: null, problems };

  const start_at = values.all_day
    ? zonedMidnight(values.start, timeZone)
    : fromZonedInput(values.start, timeZone);
  const end_at = !values.end
    ? null
    : values.all_day
      ? zonedMidnight(addDays(values.end, 1), timeZone)
      : fromZonedInput(values.end, timeZone);
  const body: EventCreateInput = {
    title: values.title,
    type: values.type,
    priority: values.priority,
    all_day: values.all_day,
    start_at,
    end_at,
    assignee_id: values.assignee_id ? Number(values.assignee_id) : null,
    customer_id: values.customer_id,
    ...(values.deal_id === null ? {} : { deal_id: values.deal_id }),
    location: values.location,
    reminders: values.reminders.map(Number),
    recurrence: toRecurrence(values, values.start.slice(0, 10), timeZone),
    description: values.description,
  };
  const parsed = EventCreateBody.safeParse(body, { error: zodCodes });
  if (parsed.success) return { body, problems: null };
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'title');
    const field = API_TO_FORM[key] ?? (key as EventFormField);
    problems[field] ??= issue.message;
  }
  return { body: null, problems };
}

/** Only what changed, for an update (the API keeps the rest). */
export function changedEventFields(
  before: EventCreateInput,
  after: EventCreateInput,
): Partial<EventCreateInput> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[key];
    const same =
      JSON.stringify(old) === JSON.stringify(value) ||
      ((old === null || old === '') && (value === null || value === ''));
    if (!same) changed[key] = value;
  }
  return changed as Partial<EventCreateInput>;
}

/** Whether the repeat control still shows what it was opened with (its rule text may be normalised). */
export function sameRepeat(a: RepeatValues, b: RepeatValues): boolean {
  const pick = (v: RepeatValues) =>
    JSON.stringify([v.repeat, [...v.repeat_days].sort(), v.repeat_end, v.repeat_until, v.repeat_count]);
  return pick(a) === pick(b);
}
