/**
 * The to-do CSV import's fields (./event-import.ts) without zod, for the web app's import wizard
 * (docs/decisions/021-lean-css-and-first-paint.md).
 */

/**
 * Fields a CSV column can be mapped to. `start_at` and `end_at` are dates (`2026-05-04`, read at
 * the day's start in the company's time zone) or instants (`2026-05-04T09:30:00+02:00`; without
 * an offset, UTC); `all_day` yes/no (`1`, `true`, `yes`, `da`, `ja`, `sí`); `assignee_email` a
 * member's email; `customer` a customer of the company by email (without case) or else by exact
 * name; `deal` a deal of the company by exact title; `recurrence` an RFC 5545 RRULE;
 * `reminder_minutes` minutes before the start.
 */
export const EVENT_IMPORT_FIELDS = [
  'title',
  'description',
  'type',
  'start_at',
  'end_at',
  'all_day',
  'priority',
  'assignee_email',
  'customer',
  'deal',
  'location',
  'recurrence',
  'reminder_minutes',
] as const;
export type EventImportField = (typeof EVENT_IMPORT_FIELDS)[number];

/**
 * Headers people write for the fields beyond the field names themselves (and the export's
 * `assignee`), compared folded (a-z and 0-9 only) by the server and the wizard.
 */
export const EVENT_IMPORT_ALIASES: Readonly<Record<string, EventImportField>> = {
  name: 'title',
  subject: 'title',
  task: 'title',
  todo: 'title',
  naziv: 'title',
  zadatak: 'title',
  notes: 'description',
  note: 'description',
  details: 'description',
  opis: 'description',
  kind: 'type',
  vrsta: 'type',
  start: 'start_at',
  starts: 'start_at',
  date: 'start_at',
  due: 'start_at',
  duedate: 'start_at',
  datum: 'start_at',
  pocetak: 'start_at',
  end: 'end_at',
  ends: 'end_at',
  kraj: 'end_at',
  allday: 'all_day',
  cijelidan: 'all_day',
  prioritet: 'priority',
  assignee: 'assignee_email',
  assignedto: 'assignee_email',
  owner: 'assignee_email',
  owneremail: 'assignee_email',
  zaduzen: 'assignee_email',
  customername: 'customer',
  customeremail: 'customer',
  client: 'customer',
  kupac: 'customer',
  klijent: 'customer',
  dealtitle: 'deal',
  posao: 'deal',
  place: 'location',
  mjesto: 'location',
  rrule: 'recurrence',
  repeat: 'recurrence',
  reminder: 'reminder_minutes',
  podsjetnik: 'reminder_minutes',
};
