/**
 * The deal and pipeline constants of ./deals.ts and ./pipelines.ts without zod, for screens
 * that need them on their first load (docs/decisions/021-lean-css-and-first-paint.md).
 */
export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_SORTS = [
  'position',
  'title',
  'amount',
  'expected_close_date',
  'created_at',
  'updated_at',
] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

/** The deal list's optional columns (the title always comes first), in the default order. */
export const DEAL_LIST_COLUMNS = ['stage', 'amount', 'organisation', 'owner', 'expected_close_date'] as const;
export type DealListColumn = (typeof DEAL_LIST_COLUMNS)[number];

/** The fields a person edits, in the order forms show them and the timeline lists changes. */
export const DEAL_EDITABLE_FIELDS = [
  'title',
  'amount',
  'currency',
  'pipeline_id',
  'stage_id',
  'probability',
  'expected_close_date',
  'owner_id',
  'organisation_id',
  'customer_ids',
  'lost_reason',
  'tags',
  'notes',
] as const;
export type DealEditableField = (typeof DEAL_EDITABLE_FIELDS)[number];

export const PIPELINE_LIMITS = {
  nameMax: 100,
  pipelinesMax: 50,
  stagesMax: 30,
  rottingDaysMax: 3650,
} as const;

export const DEAL_LIMITS = {
  /**
   * Largest CSV a deal import accepts by default, in bytes (the server's IMPORT_MAX_BYTES may set
   * another): staged as it arrives, as a customer import is (docs/decisions/085-import-progress.md).
   */
  importBytes: 1024 * 1024 * 1024,
  titleMax: 200,
  notesMax: 10_000,
  lostReasonMax: 200,
  lostReasonsMax: 50,
  /** Largest amount, in the currency's units (two decimals are kept). */
  amountMax: 1_000_000_000_000,
  customersMax: 50,
  searchMax: 200,
  pageDefault: 50,
  pageMax: 200,
  perColumnDefault: 25,
  perColumnMax: 100,
  bulkMax: 1000,
  /** A count of the deals matching a filter is exact up to this many. */
  matchCountMax: 10_000,
} as const;

/** The pipeline every company starts with: names are written in the company's language when it is made. */
export const DEFAULT_PIPELINE_STAGES = [
  { key: 'lead_in', kind: 'open', probability: 10 },
  { key: 'qualified', kind: 'open', probability: 25 },
  { key: 'proposal', kind: 'open', probability: 50 },
  { key: 'negotiation', kind: 'open', probability: 75 },
  { key: 'won', kind: 'won', probability: 100 },
  { key: 'lost', kind: 'lost', probability: 0 },
] as const satisfies readonly { key: string; kind: StageKind; probability: number }[];
