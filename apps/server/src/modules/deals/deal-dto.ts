import type { Deal } from '@kontora/contract/deals';
import { parseJson } from '../../lib/json.ts';
import { foldWords } from '../../lib/search-words.ts';
import type { DealRow } from './deals.repository.ts';
import type { StageRow } from './pipelines.repository.ts';

/** The fields a person edits, as the write door takes them (amount in minor units). */
export interface DealInput {
  title: string;
  amount_cents: number | null;
  currency: string;
  pipeline_id: number;
  stage_id: number;
  probability: number | null;
  expected_close_date: string | null;
  owner_id: number | null;
  organisation_id: number | null;
  customer_ids: number[];
  lost_reason: string | null;
  tags: string[];
  notes: string | null;
}

/** A deal as read, with what the door derives (status, dates, position). */
export interface StoredDeal extends DealInput {
  id: number;
  version: number;
  status: Deal['status'];
  closed_at: string | null;
  stage_entered_at: string;
  position: number;
  created_at: string;
}

export const toCents = (amount: number | null | undefined): number | null =>
  amount === null || amount === undefined ? null : Math.round(amount * 100);
export const fromCents = (cents: number | null): number | null =>
  cents === null ? null : Number(cents) / 100;

/** The tags column (JSON text) as a list. */
export function parseTags(json: string): string[] {
  const tags = parseJson(json);
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

const DAY_MS = 86_400_000;

export function toStored(row: DealRow, customerIds: number[]): StoredDeal {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
    currency: row.currency,
    pipeline_id: row.pipeline_id,
    stage_id: row.stage_id,
    status: row.status,
    probability: row.probability,
    expected_close_date: row.expected_close_date,
    owner_id: row.owner_id,
    organisation_id: row.organisation_id,
    customer_ids: customerIds,
    lost_reason: row.lost_reason,
    closed_at: row.closed_at,
    stage_entered_at: row.stage_entered_at,
    position: Number(row.position),
    tags: parseTags(row.tags),
    notes: row.notes,
    created_at: row.created_at,
  };
}

export function toDeal(
  row: DealRow,
  customerIds: number[],
  now = Date.now(),
  custom: Record<string, unknown> = {},
): Deal {
  return {
    id: row.id,
    title: row.title,
    amount: fromCents(row.amount_cents === null ? null : Number(row.amount_cents)),
    currency: row.currency,
    pipeline_id: row.pipeline_id,
    stage_id: row.stage_id,
    status: row.status,
    probability: row.probability ?? row.stage_probability,
    probability_overridden: row.probability !== null,
    expected_close_date: row.expected_close_date,
    owner_id: row.owner_id,
    owner_name: row.owner_id === null ? null : (row.owner_name ?? null),
    organisation_id: row.organisation_id,
    organisation_name: row.organisation_id === null ? null : (row.organisation_name ?? null),
    customer_ids: customerIds,
    lost_reason: row.lost_reason,
    closed_at: row.closed_at,
    stage_entered_at: row.stage_entered_at,
    rotting:
      row.status === 'open' &&
      row.rotting_days !== null &&
      now - Date.parse(row.stage_entered_at) > row.rotting_days * DAY_MS,
    tags: parseTags(row.tags),
    notes: row.notes,
    custom,
    version: row.version,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The row of a deal after a write that kept its owner and organisation (their names as
 * read): its own columns as written, its stage's probability and rotting days.
 */
export function rowAfter(
  row: DealRow,
  deal: StoredDeal,
  stage: StageRow,
  at: string,
  updatedBy: number | null,
): DealRow {
  return {
    ...row,
    pipeline_id: deal.pipeline_id,
    stage_id: deal.stage_id,
    title: deal.title,
    sort_title: foldWords(deal.title),
    amount_cents: deal.amount_cents,
    currency: deal.currency,
    status: deal.status,
    probability: deal.probability,
    expected_close_date: deal.expected_close_date,
    lost_reason: deal.lost_reason,
    closed_at: deal.closed_at,
    stage_entered_at: deal.stage_entered_at,
    position: deal.position,
    tags: JSON.stringify(deal.tags),
    notes: deal.notes,
    version: deal.version,
    updated_by: updatedBy,
    updated_at: at,
    stage_probability: stage.probability,
    rotting_days: stage.rotting_days,
  };
}

/** A deal as the change feed carries it (amounts in the currency's units). */
export function feedData(deal: StoredDeal): Record<string, unknown> {
  const {
    amount_cents,
    position: _position,
    stage_entered_at: _entered,
    created_at: _created,
    ...rest
  } = deal;
  return { ...rest, amount: fromCents(amount_cents) };
}

export { foldWords };
