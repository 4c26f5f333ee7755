import { z } from 'zod';
import { Currency } from './admin.ts';
import { BulkCustomValues, CUSTOM_SORT_PATTERN, CustomQueryParams, CustomValues } from './custom-fields.ts';
import { Tags } from './customers.ts';
import { DEAL_LIMITS, DEAL_SORTS, DEAL_STATUSES } from './deal-values.ts';
import { Cursor, Id, MultiLine, OptionalText, SingleLine } from './fields.ts';

export {
  DEAL_EDITABLE_FIELDS,
  DEAL_LIMITS,
  DEAL_LIST_COLUMNS,
  DEAL_SORTS,
  DEAL_STATUSES,
  type DealEditableField,
  type DealListColumn,
} from './deal-values.ts';

/**
 * Deals, `/api/companies/{companyId}/deals`: something a company sells, moving through the
 * stages of one pipeline. A deal's status follows its stage's kind: a deal in a won stage is
 * won, in a lost stage lost (with `closed_at` set when it got there), else open.
 *
 * Amounts are decimal numbers in the deal's currency with at most two decimals. Sums (board
 * columns, forecast) add up deals in the company's currency only; `currency` in those answers
 * names it.
 */
export const DealStatus = z.enum(DEAL_STATUSES, { error: 'invalid_status' });
export type DealStatus = z.infer<typeof DealStatus>;

const RecordId = z.number({ error: 'invalid_id' }).int().positive().max(2_147_483_647);

export const DealAmount = z
  .number({ error: 'invalid_number' })
  .min(0, { error: 'too_small' })
  .max(DEAL_LIMITS.amountMax, { error: 'too_large' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'too_many_decimals' });

/** A calendar day, `YYYY-MM-DD`. */
export const DateOnly = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
    },
    { error: 'invalid_date' },
  );

const CustomerIds = z
  .array(RecordId)
  .max(DEAL_LIMITS.customersMax, { error: 'too_many' })
  .transform((ids) => [...new Set(ids)]);

const dealFields = {
  title: SingleLine(DEAL_LIMITS.titleMax).min(1, { error: 'required' }),
  amount: DealAmount.nullable(),
  currency: Currency,
  pipeline_id: RecordId,
  stage_id: RecordId,
  /** Percent; null follows the stage's probability. */
  probability: z.number({ error: 'invalid_number' }).int().min(0).max(100).nullable(),
  expected_close_date: DateOnly.nullable(),
  /** A member of the company, or null. */
  owner_id: RecordId.nullable(),
  /** An organisation customer of the company, or null. */
  organisation_id: RecordId.nullable(),
  /** The people (customers of the company) involved. */
  customer_ids: CustomerIds,
  /** Why it was lost: one of the company's reasons or free text. Only kept while lost. */
  lost_reason: OptionalText(DEAL_LIMITS.lostReasonMax),
  tags: Tags,
  notes: OptionalText(DEAL_LIMITS.notesMax, { multiline: true }),
};

/**
 * Without `pipeline_id` the company's first pipeline; without `stage_id` that pipeline's first
 * open stage; without `currency` the company's; without `owner_id` the caller.
 */
export const DealCreateBody = z
  .object({
    ...dealFields,
    amount: dealFields.amount.optional(),
    currency: dealFields.currency.optional(),
    pipeline_id: dealFields.pipeline_id.optional(),
    stage_id: dealFields.stage_id.optional(),
    probability: dealFields.probability.optional(),
    expected_close_date: dealFields.expected_close_date.optional(),
    owner_id: dealFields.owner_id.optional(),
    organisation_id: dealFields.organisation_id.optional(),
    customer_ids: dealFields.customer_ids.default([]),
    lost_reason: dealFields.lost_reason.optional(),
    tags: Tags.default([]),
    notes: dealFields.notes.optional(),
    /** Values of the company's own fields by key (custom-fields.ts); checked by the server. */
    custom: CustomValues.optional(),
  })
  .strict();
export type DealCreateBody = z.output<typeof DealCreateBody>;
export type DealCreateInput = z.input<typeof DealCreateBody>;

/** Any subset of the fields plus the `version` last read; a stale version answers 409 `stale_update`. */
export const DealUpdateBody = z
  .object({ ...dealFields, custom: CustomValues, version: z.number({ error: 'required' }).int().min(1) })
  .partial()
  .required({ version: true })
  .strict();
export type DealUpdateBody = z.output<typeof DealUpdateBody>;
export type DealUpdateInput = z.input<typeof DealUpdateBody>;

/**
 * `POST …/deals/{id}/move`: to `stage_id` (of the deal's pipeline), placed just before
 * `before_id` or after `after_id` (deals of that stage), else at the top of the column.
 * Moving into a lost stage may carry the `lost_reason`.
 */
export const DealMoveBody = z
  .object({
    stage_id: RecordId,
    before_id: RecordId.optional(),
    after_id: RecordId.optional(),
    lost_reason: OptionalText(DEAL_LIMITS.lostReasonMax).optional(),
    version: z.number({ error: 'required' }).int().min(1),
  })
  .strict()
  .refine((b) => b.before_id === undefined || b.after_id === undefined, {
    path: ['after_id'],
    error: 'before_or_after',
  });
export type DealMoveBody = z.output<typeof DealMoveBody>;
export type DealMoveInput = z.input<typeof DealMoveBody>;

export const Deal = z.object({
  id: z.number(),
  title: z.string(),
  amount: z.number().nullable(),
  currency: z.string(),
  pipeline_id: z.number(),
  stage_id: z.number(),
  status: DealStatus,
  /** The deal's own probability, else its stage's. */
  probability: z.number(),
  /** True when `probability` is the deal's own, not the stage's. */
  probability_overridden: z.boolean(),
  expected_close_date: z.string().nullable(),
  owner_id: z.number().nullable(),
  owner_name: z.string().nullable(),
  organisation_id: z.number().nullable(),
  organisation_name: z.string().nullable(),
  customer_ids: z.array(z.number()),
  lost_reason: z.string().nullable(),
  /** When it was won or lost; null while open. */
  closed_at: z.string().nullable(),
  /** When it entered its current stage (what "rotting" counts from). */
  stage_entered_at: z.string(),
  /** Open and idle in its stage longer than the stage's rotting period. */
  rotting: z.boolean(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  /** Values of the company's own fields in use, by key (fields without a value left out). */
  custom: CustomValues,
  version: z.number(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof Deal>;

/** Filters shared by the list, the board and the CSV export. */
export const DealFilter = z.object({
  pipeline_id: Id.optional(),
  stage_id: Id.optional(),
  status: DealStatus.optional(),
  owner_id: Id.optional(),
  customer_id: Id.optional(),
  /** Words that must each start a word of the title or the organisation's name. */
  q: SingleLine(DEAL_LIMITS.searchMax).optional(),
  tag: SingleLine(40).toLowerCase().optional(),
  /** Expected close on or after / on or before (`YYYY-MM-DD`). */
  close_from: DateOnly.optional(),
  close_to: DateOnly.optional(),
});
export type DealFilter = z.output<typeof DealFilter>;

/** The CSV export's filters: the list's, its own-field filters (`custom.{key}…`) included. */
export const DealExportQuery = DealFilter.catchall(CustomQueryParams);
export type DealExportQuery = z.output<typeof DealExportQuery>;

/** What a saved view, a count or a bulk change by filter reads: the list's filters, own-field ones included. */
export const DealMatchQuery = DealExportQuery;
export type DealMatchQuery = DealExportQuery;

const DEAL_MATCH_KEYS: readonly string[] = Object.keys(DealFilter.shape);
/**
 * A change by filter (and a saved view) refuses a filter it does not know: dropping it would act
 * on more deals than asked.
 */
export const DealMatchFilter = DealMatchQuery.superRefine((filter, ctx) => {
  for (const key of Object.keys(filter)) {
    if (!DEAL_MATCH_KEYS.includes(key) && !key.startsWith('custom.'))
      ctx.addIssue({ code: 'custom', path: [key], message: 'unknown_filter' });
  }
});

/**
 * The list also filters and sorts by the company's own fields: `custom.{key}=v` (repeated:
 * any of), `custom.{key}.gte|lte=v`, `custom.{key}.empty=true|false`, `sort=custom.{key}` or
 * `sort=-custom.{key}` (descending); checked by the server against the company's fields.
 */
export const DealListQuery = DealFilter.extend({
  sort: z
    .union([z.enum(DEAL_SORTS), z.string().regex(CUSTOM_SORT_PATTERN)], { error: 'invalid_sort' })
    .default('updated_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** Opaque; from `next_cursor` of the previous page with the same filters and sort. */
  cursor: Cursor(1000).optional(),
  limit: z.coerce.number().int().min(1).max(DEAL_LIMITS.pageMax).default(DEAL_LIMITS.pageDefault),
}).catchall(CustomQueryParams);
export type DealListQuery = z.output<typeof DealListQuery>;

export const DealPage = z.object({ items: z.array(Deal), next_cursor: z.string().nullable() });
export type DealPage = z.infer<typeof DealPage>;

/**
 * `GET …/pipelines/{id}/board`: the first `per_column` deals of every stage, in board order.
 * Takes the list's filters, its own-field ones (`custom.{key}`, `.gte`, `.lte`, `.empty`)
 * included; each column's count and sum are of the deals matching them.
 */
export const BoardQuery = DealFilter.omit({ pipeline_id: true, stage_id: true, status: true })
  .extend({
    per_column: z.coerce
      .number()
      .int()
      .min(1)
      .max(DEAL_LIMITS.perColumnMax)
      .default(DEAL_LIMITS.perColumnDefault),
  })
  .catchall(CustomQueryParams);
export type BoardQuery = z.output<typeof BoardQuery>;

export const BoardColumn = z.object({
  stage_id: z.number(),
  /** Deals in the stage matching the filters. */
  count: z.number(),
  /** Sum of their amounts in the company's currency. */
  amount_total: z.number(),
  items: z.array(Deal),
  /** More of this column: `GET …/deals?pipeline_id=&stage_id=&sort=position&cursor=`. */
  next_cursor: z.string().nullable(),
});
export type BoardColumn = z.infer<typeof BoardColumn>;

export const Board = z.object({
  pipeline_id: z.number(),
  currency: z.string(),
  columns: z.array(BoardColumn),
});
export type Board = z.infer<typeof Board>;

const YearMonth = z.string().regex(/^\d{4}-\d{2}$/, { error: 'invalid_month' });

/** `GET …/deals/forecast`: months `from`..`to` inclusive (`YYYY-MM`); default this month and the next five. */
export const ForecastQuery = z
  .object({
    pipeline_id: Id.optional(),
    owner_id: Id.optional(),
    from: YearMonth.optional(),
    to: YearMonth.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'end_before_start' });
export type ForecastQuery = z.output<typeof ForecastQuery>;

export const Forecast = z.object({
  currency: z.string(),
  /** All open deals (whatever their expected close). */
  open_amount: z.number(),
  weighted_amount: z.number(),
  by_month: z.array(
    z.object({
      month: z.string(),
      /** Open deals expected to close in the month. */
      open_amount: z.number(),
      weighted_amount: z.number(),
      /** Deals won in the month. */
      won_amount: z.number(),
    }),
  ),
  /** Won / (won + lost) among deals closed in the period; null when none closed. */
  win_rate: z.number().nullable(),
  /** Mean days from creation to won, for deals won in the period; null when none. */
  avg_days_to_win: z.number().nullable(),
  /**
   * From each open stage to the next (the last open stage: to won): entries into `to_stage_id` per
   * entry into `from_stage_id` in the period, at most 1; null when none entered. A forward move
   * enters every stage it passes; a new deal enters only its stage (docs/decisions/051-deals-and-pipelines.md).
   */
  stage_conversion: z.array(
    z.object({ from_stage_id: z.number(), to_stage_id: z.number(), rate: z.number().nullable() }),
  ),
  /** Open deals by owner. */
  by_owner: z.array(
    z.object({
      owner_id: z.number().nullable(),
      owner_name: z.string().nullable(),
      count: z.number(),
      open_amount: z.number(),
    }),
  ),
});
export type Forecast = z.infer<typeof Forecast>;

const BulkIds = z
  .array(RecordId)
  .min(1, { error: 'required' })
  .max(DEAL_LIMITS.bulkMax, { error: 'too_many' });

export const DealBulkBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('set_owner'), ids: BulkIds, owner_id: RecordId.nullable() }).strict(),
    z.object({ action: z.literal('set_stage'), ids: BulkIds, stage_id: RecordId }).strict(),
    z.object({ action: z.literal('delete'), ids: BulkIds }).strict(),
    /** Own fields set on every deal, each checked as that deal's edit; all or none. */
    z.object({ action: z.literal('set_custom'), ids: BulkIds, custom: BulkCustomValues }).strict(),
  ],
  { error: 'invalid_action' },
);
export type DealBulkBody = z.output<typeof DealBulkBody>;

export const DealBulkResult = z.object({
  action: z.enum(['set_owner', 'set_stage', 'delete', 'set_custom']),
  affected: z.array(z.number()),
  not_found: z.array(z.number()),
});
export type DealBulkResult = z.infer<typeof DealBulkResult>;

/** `GET …/deals/count`: how many deals match the list's filters, exact up to 10,000. */
export const DealCount = z.object({
  /** Exact when `capped` is false; otherwise the cap, and more match. */
  count: z.number().int(),
  capped: z.boolean(),
});
export type DealCount = z.infer<typeof DealCount>;

/**
 * `POST …/deals/bulk-by-filter`: the bulk actions on every deal matching the list's filters
 * (own-field ones included), as the server reads them; at most `DEAL_LIMITS.bulkMax` deals
 * (more: 400 `too_many` at `filter`, nothing changed).
 */
export const DealBulkFilterBody = z.discriminatedUnion(
  'action',
  [
    z
      .object({ action: z.literal('set_owner'), filter: DealMatchFilter, owner_id: RecordId.nullable() })
      .strict(),
    z.object({ action: z.literal('set_stage'), filter: DealMatchFilter, stage_id: RecordId }).strict(),
    z.object({ action: z.literal('delete'), filter: DealMatchFilter }).strict(),
    z.object({ action: z.literal('set_custom'), filter: DealMatchFilter, custom: BulkCustomValues }).strict(),
  ],
  { error: 'invalid_action' },
);
export type DealBulkFilterBody = z.output<typeof DealBulkFilterBody>;

export const DealBulkFilterResult = z.object({
  action: z.enum(['set_owner', 'set_stage', 'delete', 'set_custom']),
  /** Deals that matched the filter. */
  matched: z.number().int(),
});
export type DealBulkFilterResult = z.infer<typeof DealBulkFilterResult>;

/** `PUT …/deal-lost-reasons`: the whole ordered list. */
export const LostReasonsPutBody = z
  .object({
    items: z
      .array(SingleLine(DEAL_LIMITS.lostReasonMax).min(1, { error: 'required' }))
      .max(DEAL_LIMITS.lostReasonsMax, { error: 'too_many' })
      .transform((items) => [...new Set(items)]),
  })
  .strict();
export type LostReasonsPutBody = z.output<typeof LostReasonsPutBody>;

/** One entry of a deal's timeline (`GET …/deals/{id}/timeline`): a change with who and when. */
export const DealTimelineEntry = z.object({
  id: z.number(),
  kind: z.enum(['created', 'updated', 'stage_changed', 'won', 'lost', 'reopened', 'note']),
  /** For changes: field → [before, after]; for a stage change `stage_id` is among them. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  body: z.string().nullable(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type DealTimelineEntry = z.infer<typeof DealTimelineEntry>;

export const DealTimelinePage = z.object({
  items: z.array(DealTimelineEntry),
  next_cursor: z.string().nullable(),
});
export type DealTimelinePage = z.infer<typeof DealTimelinePage>;

/**
 * `POST …/deals/{id}/notes`: a note on the deal's timeline. `@[Name](user:ID)` in the text
 * mentions a member, who is notified (./mentions.ts).
 */
export const DealNoteBody = z
  .object({ body: MultiLine(DEAL_LIMITS.notesMax).min(1, { error: 'required' }) })
  .strict();
export type DealNoteBody = z.infer<typeof DealNoteBody>;

/** The company's reasons a deal is lost, in order (`GET …/deal-lost-reasons`). */
export const LostReasons = z.object({ items: z.array(z.string()) });
export type LostReasons = z.infer<typeof LostReasons>;

/** `GET …/deals/{id}/timeline`: newest first; `cursor` from `next_cursor`. */
export const DealTimelineQuery = z.object({
  cursor: Cursor(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type DealTimelineQuery = z.output<typeof DealTimelineQuery>;
