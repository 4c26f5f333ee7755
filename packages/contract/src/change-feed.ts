import { z } from 'zod';
import { CHANGE_TYPES } from './change-types.ts';

/**
 * The change feed: one entry for every committed change to a company's data,
 * written in the same transaction as the change (the transactional outbox).
 * Webhooks, live updates, connector push and the audit trail all read it;
 * nothing else re-derives "what changed".
 *
 * `id` grows with every entry and a company's entries become visible in `id`
 * order, so a consumer that remembers the last id it saw and asks for what
 * came after misses nothing (docs/decisions/009-change-feed.md).
 *
 * What `changes` and `data` hold, per type:
 * - `*.updated`, `member.updated`, `company.updated`, `company.modules_changed`:
 *   `changes` lists each changed field with its value before and after.
 * - `*.created`, `member.added`: `data` is the new record's fields.
 * - `*.deleted`, `member.removed`: `data` is the record as it was.
 * - `event.done`, `event.undone`: `changes` holds `done` and `completed_at`.
 * - `customer.note_added`: `data` is `{note_id, body}`; the entity is the customer.
 * - `customer.imported` (one per saved batch): `data` is `{count, ids}`.
 * - `customer.updated` of an import (one per saved batch, entity id null): `data` is `{count, ids}`;
 *   each customer's field changes are on its timeline (docs/decisions/068-staged-imports.md).
 * - `customer.import_finished` (one per CSV import, committed with its batches): `data` is
 *   `{rows, created, updated, skipped, rejected}` (docs/decisions/068-staged-imports.md).
 * - `customer.bulk_updated`: `data` is `{count, ids, status, before}` (`before`: id → old status).
 * - `customer.bulk_deleted`: `data` is `{count, ids}`.
 * - `customer.merged`: the entity is the survivor; `changes` its fields that changed, `data`
 *   `{merge_id, merged_ids, merged}` (`merged`: the deleted customers as they were).
 * - `customer.merge_undone`: the entity is the survivor; `changes` its restored fields, `data`
 *   `{merge_id, restored_ids}`.
 * - `api_key.created`, `api_key.revoked`: `data` is the key as lists show it (never the secret).
 * - `event.occurrence_updated`, `event.occurrence_deleted` (one occurrence of a series; decision 018):
 *   `data` is `{occurrence_start, changes?}`; `event.done`/`event.undone` of an occurrence: `data` is `{occurrence_start}`.
 * - `event.imported` (one per saved batch of up to 500 new to-dos of a CSV import, entity id null):
 *   `data` is `{count, ids}`; `event.import_finished` (one per CSV import, after its batches):
 *   `{rows, created, updated, skipped, rejected}` (docs/decisions/102-todo-csv-import.md).
 * - `event.reminder_due`: `data` is `{occurrence_start, minutes, assignee_id, title, start_at}` (for on-screen reminders).
 * - `social_post.status_changed`: `data` is `{target_id, account_id, status, remote_url, error_code}`
 *   (one post × account changed state in the publishing queue).
 * - `social_post.approval_requested`: `data` is `{expires_at}`; `social_post.approved`: `{scheduled_at}`;
 *   `social_post.changes_requested`: `{comment}` (the client's answer through the approval link, decision 023).
 * - `social_account.*`: `data` is `{type, name}` of the account.
 * - `deal.created`: `data` is the new deal (as the API answers it); `deal.deleted`: the deal as it was.
 * - `deal.updated`: `changes` lists the changed fields (amount in the currency's units).
 * - `customer.updated`, `deal.updated` of an own field's option merge (one per batch of up to
 *   500 records, entity id null): `data` is `{count, ids, merged_option: {field, from, into}}`;
 *   each record's change is on its timeline (docs/decisions/076-field-deletion-merge-and-bulk.md).
 * - `deal.imported` (one per saved batch of up to 500 new deals of a CSV import, entity id null):
 *   `data` is `{count, ids}`; each deal's `created` entry is on its timeline
 *   (docs/decisions/091-batched-deal-import-writes.md).
 * - `deal.import_finished` (one per CSV import, committed with its batches): `data` is
 *   `{rows, created, updated, skipped, rejected}` (a deal import only creates: updated and skipped are 0).
 * - `deal.note_added`: `data` is `{note_id, body}`; the entity is the deal (its version unchanged).
 * - `deal.stage_changed`, `deal.won`, `deal.lost`: a move to another stage (`deal.won` / `deal.lost`
 *   when the new stage is a won / lost stage); `changes` holds `stage_id`, `status` and whatever
 *   else changed with it, `data` is `{pipeline_id, stage_id, status, before_id, after_id}` (`before_id`/`after_id`:
 *   the neighbours it was placed between in the column, null at an end).
 * - `pipeline.created`, `pipeline.updated` (renamed, reordered or its stage list rewritten),
 *   `pipeline.deleted`: `data` is the pipeline with its stages (as the API answers it; as it was, for a deletion).
 */
export { CHANGE_TYPES, type ChangeKind, type ChangeType, changeKindOf } from './change-types.ts';

/** The record a change is about; `id` is null for changes to many records at once (imports, bulk actions). */
export const CHANGE_ENTITY_TYPES = [
  'customer',
  'event',
  'member',
  'company',
  'social_media',
  'api_key',
  'social_post',
  'social_account',
  'deal',
  'pipeline',
] as const;
export type ChangeEntityType = (typeof CHANGE_ENTITY_TYPES)[number];

export const CHANGE_ACTOR_KINDS = ['user', 'api_key', 'system'] as const;

/** Who made the change; `name` is their display name at that time (people rename, keys are deleted). */
export const ChangeActor = z.object({
  kind: z.enum(CHANGE_ACTOR_KINDS),
  /** The person's or API key's id; null for the system. */
  id: z.number().nullable(),
  name: z.string().nullable(),
});
export type ChangeActor = z.infer<typeof ChangeActor>;

export const FieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChange>;

export const ChangeEntry = z.object({
  id: z.number(),
  company_id: z.number(),
  type: z.enum(CHANGE_TYPES),
  entity: z.object({ type: z.enum(CHANGE_ENTITY_TYPES), id: z.number().nullable() }),
  /** The entity's version after the change, for records that have one (customers, events). */
  entity_version: z.number().nullable(),
  actor: ChangeActor,
  changes: z.array(FieldChange).nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type ChangeEntry = z.infer<typeof ChangeEntry>;

export const CHANGE_FEED_LIMITS = {
  /** Entries one read answers at most. */
  pageMax: 1000,
  /** Days entries are kept unless CHANGE_FEED_DAYS says otherwise. */
  retentionDaysDefault: 30,
} as const;
