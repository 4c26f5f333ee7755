/**
 * The types of change-feed entries (change-feed.ts describes each one's data), without zod:
 * the web app's live updates need them on every signed-in first load, where zod does not
 * load (zod-free.test.ts, docs/decisions/021-lean-css-and-first-paint.md).
 */
export const CHANGE_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.imported',
  'customer.import_finished',
  'customer.bulk_updated',
  'customer.bulk_deleted',
  'customer.note_added',
  'customer.merged',
  'customer.merge_undone',
  'event.created',
  'event.updated',
  'event.deleted',
  'event.done',
  'event.undone',
  'member.added',
  'member.updated',
  'member.removed',
  'company.created',
  'company.updated',
  'company.modules_changed',
  'social_media.created',
  'social_media.deleted',
  'api_key.created',
  'api_key.revoked',
  'event.occurrence_updated',
  'event.occurrence_deleted',
  'event.reminder_due',
  'event.imported',
  'event.import_finished',
  'social_post.created',
  'social_post.updated',
  'social_post.deleted',
  'social_post.status_changed',
  'social_post.approval_requested',
  'social_post.approved',
  'social_post.changes_requested',
  'social_account.connected',
  'social_account.disconnected',
  'social_account.reconnect_needed',
  'social_account.expires_soon',
  'deal.created',
  'deal.updated',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'deal.deleted',
  'deal.note_added',
  'deal.imported',
  'deal.import_finished',
  'pipeline.created',
  'pipeline.updated',
  'pipeline.deleted',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** The kind of record a change type is about: the part before the dot (`social_post` of `social_post.approved`). */
export type ChangeKind = ChangeType extends `${infer Kind}.${string}` ? Kind : never;

export const changeKindOf = (type: ChangeType): ChangeKind => type.slice(0, type.indexOf('.')) as ChangeKind;
