import { z } from 'zod';
import { CUSTOMER_LIMITS } from './customers.ts';
import { Cursor, MultiLine } from './fields.ts';

/** A customer's timeline, `…/customers/{id}/timeline`: what happened to the record, and notes people added. */

/**
 * `merged`: other customers were merged into this one (`body` names them); `merge_undone`: that was undone.
 * `todo_*`: a to-do linked to the customer was created, completed, opened again or deleted (`body` is its title;
 * for a series occurrence `changes` holds `occurrence_start`).
 * `deal_*`: a deal whose organisation or people include the customer was created, won or lost (`body` is its
 * title; the deal's own page has its whole timeline, `…/deals/{id}/timeline`).
 */
export const TIMELINE_KINDS = [
  'note',
  'created',
  'updated',
  'imported',
  'merged',
  'merge_undone',
  'todo_created',
  'todo_done',
  'todo_reopened',
  'todo_deleted',
  'deal_created',
  'deal_won',
  'deal_lost',
] as const;

const ChangeValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const TimelineEntry = z.object({
  id: z.number(),
  kind: z.enum(TIMELINE_KINDS),
  /** The note text (kind `note`). */
  body: z.string().nullable(),
  /** What changed (kind `updated`); empty otherwise. */
  changes: z.array(z.object({ field: z.string(), before: ChangeValue, after: ChangeValue })),
  author_id: z.number().nullable(),
  /** The person's name, or the API key's name (at the time) when a key made the entry. */
  author_name: z.string().nullable(),
  /** Who wrote it: a person, an API key (author_id is then null), or nobody known (null). */
  author_kind: z.enum(['user', 'api_key']).nullable(),
  created_at: z.string(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const TimelineQuery = z.object({
  cursor: Cursor(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CUSTOMER_LIMITS.timelinePageMax)
    .default(CUSTOMER_LIMITS.timelinePageDefault),
});

export const TimelinePage = z.object({ items: z.array(TimelineEntry), next_cursor: z.string().nullable() });
export type TimelinePage = z.infer<typeof TimelinePage>;

export const TimelineNoteBody = z
  .object({
    body: MultiLine(CUSTOMER_LIMITS.notesMax).min(1, { error: 'required' }),
  })
  .strict();
export type TimelineNoteBody = z.infer<typeof TimelineNoteBody>;
