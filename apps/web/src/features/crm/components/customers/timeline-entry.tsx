import type { TimelineEntry } from '@kontora/contract/customer-timeline';
import {
  CUSTOMER_EDITABLE_FIELDS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
} from '@kontora/contract/customer-values';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CollapsibleText } from '../../../../components/collapsible-text.tsx';
import { useFormatters } from '../../../../lib/format.ts';
import { CustomChangeText, isCustomChange } from '../../../shared/components/custom-fields/custom-change.tsx';
import { NoteText } from '../../../shared/components/notes/note-text.tsx';
import { countryName } from './country-options.ts';
import { organisationChangeText } from './organisation-change.ts';

type Change = TimelineEntry['changes'][number];
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** API field name → label key under crm.fields (the owner travels as its id). */
const FIELD_LABEL: Record<string, string> = { owner_id: 'owner' };
const FIELD_LABELS = new Set<string>(CUSTOMER_EDITABLE_FIELDS.map((field) => FIELD_LABEL[field] ?? field));

export function fieldLabel(t: TFunction, field: string): string {
  const key = FIELD_LABEL[field] ?? field;
  return FIELD_LABELS.has(key) ? (t as unknown as Translate)(`crm.fields.${key}`) : field;
}

/** A value before or after a change, as the details card would show it. */
function changeValue(
  t: TFunction,
  field: string,
  value: Change['before'],
  ownerName: (id: number) => string | undefined,
  language: string,
): string {
  const translate = t as unknown as Translate;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return t('crm.timeline.empty');
  }
  if (Array.isArray(value)) return value.join(', ');
  if (field === 'status' && (CUSTOMER_STATUSES as readonly unknown[]).includes(value)) {
    return translate(`crm.status.${value}`);
  }
  if (field === 'type' && (CUSTOMER_TYPES as readonly unknown[]).includes(value)) {
    return translate(`crm.customerType.${value}`);
  }
  if (field === 'owner_id' && typeof value === 'number') {
    return ownerName(value) ?? t('crm.timeline.formerMember');
  }
  if (field === 'country' && typeof value === 'string') return countryName(value, language);
  return String(value);
}

const KIND_ICON: Record<TimelineEntry['kind'], string> = {
  note: '✎',
  created: '+',
  imported: '⇩',
  updated: '↻',
  merged: '⇉',
  merge_undone: '↶',
  todo_created: '☐',
  todo_done: '☑',
  todo_reopened: '☐',
  todo_deleted: '✕',
  deal_created: '◆',
  deal_won: '★',
  deal_lost: '✕',
};

const TODO_KINDS = new Set<TimelineEntry['kind']>([
  'todo_created',
  'todo_done',
  'todo_reopened',
  'todo_deleted',
]);

/** An edit that changed nothing but the status reads as a status change, the way people think of it. */
const onlyStatus = (entry: TimelineEntry) =>
  entry.kind === 'updated' && entry.changes.length === 1 && entry.changes[0]?.field === 'status';

/** One timeline entry: who, when, and the note or what changed (before → after). */
export function TimelineEntryItem({
  entry,
  ownerName,
}: {
  entry: TimelineEntry;
  ownerName: (id: number) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const author = entry.author_name ?? t('crm.timeline.someone');
  const headline = {
    note: t('crm.timeline.note', { author }),
    created: t('crm.timeline.created', { author }),
    imported: t('crm.timeline.imported', { author }),
    updated: onlyStatus(entry)
      ? t('uxCustomer.timeline.statusChanged', { author })
      : t('crm.timeline.updated', { author }),
    merged: t('merge.timeline.merged', { author, names: entry.body ?? '' }),
    merge_undone: t('merge.timeline.undone', { author, names: entry.body ?? '' }),
    todo_created: t('uxCustomer.timeline.todoCreated', { author, title: entry.body ?? '' }),
    todo_done: t('uxCustomer.timeline.todoDone', { author, title: entry.body ?? '' }),
    todo_reopened: t('uxCustomer.timeline.todoReopened', { author, title: entry.body ?? '' }),
    todo_deleted: t('uxCustomer.timeline.todoDeleted', { author, title: entry.body ?? '' }),
    deal_created: t('uxCustomer.timeline.dealCreated', { author, title: entry.body ?? '' }),
    deal_won: t('uxCustomer.timeline.dealWon', { author, title: entry.body ?? '' }),
    deal_lost: t('uxCustomer.timeline.dealLost', { author, title: entry.body ?? '' }),
  }[entry.kind];
  // A series is completed one occurrence at a time: name which one.
  const occurrence = entry.changes.find((c) => c.field === 'occurrence_start')?.after;

  return (
    <li className="d-flex gap-3 py-3 border-bottom border-light-subtle">
      <span
        className="flex-shrink-0 rounded-circle bg-body-secondary d-inline-flex align-items-center justify-content-center"
        style={{ width: '2rem', height: '2rem' }}
        aria-hidden="true"
      >
        {KIND_ICON[entry.kind]}
      </span>
      <article className="flex-grow-1" style={{ minWidth: 0 }}>
        <header className="d-flex flex-wrap justify-content-between gap-2">
          <h3 className="h6 mb-1 text-break">{headline}</h3>
          <time className="small text-body-secondary" dateTime={entry.created_at}>
            {format.dateTime(entry.created_at)}
          </time>
        </header>
        {entry.kind === 'note' && entry.body && (
          <div className="mb-0 text-break">
            <CollapsibleText text={entry.body} render={(shown) => <NoteText body={shown} />} />
          </div>
        )}
        {TODO_KINDS.has(entry.kind) && typeof occurrence === 'string' && (
          <p className="mb-0 small text-body-secondary">
            {t('uxCustomer.timeline.occurrence', { date: format.dateTime(occurrence) })}
          </p>
        )}
        {entry.kind !== 'note' && !TODO_KINDS.has(entry.kind) && entry.changes.length > 0 && (
          <ul className="list-unstyled mb-0 small">
            {entry.changes.map((change, index) =>
              organisationChangeText(t, change) ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a person may join and leave several organisations in one edit
                <li key={`${change.field}-${index}`} className="text-break">
                  {organisationChangeText(t, change)}
                </li>
              ) : isCustomChange(change.field) ? (
                <li key={change.field} className="text-break">
                  <CustomChangeText
                    record="customer"
                    field={change.field}
                    before={change.before}
                    after={change.after}
                  />
                </li>
              ) : (
                <li key={change.field} className="text-break">
                  <span className="fw-semibold">{fieldLabel(t, change.field)}:</span>{' '}
                  <span className="text-body-secondary">
                    {changeValue(t, change.field, change.before, ownerName, language)}
                  </span>{' '}
                  <span aria-hidden="true">→</span>
                  <span className="visually-hidden">{t('crm.timeline.changedTo')}</span>{' '}
                  <span>{changeValue(t, change.field, change.after, ownerName, language)}</span>
                </li>
              ),
            )}
          </ul>
        )}
      </article>
    </li>
  );
}
