import { invalidField } from '../../lib/errors.ts';
import type { DealInput } from './deal-dto.ts';
import type { StageRow } from './pipelines.repository.ts';

/**
 * The rules between a deal's fields, shared by a single write (deal-writes.ts) and an import's
 * batch (deal-writes-imported.ts), which read what they check in their own ways.
 */

/** The deal's stage among its pipeline's stages (none given: no such pipeline). */
export function stageOfPipeline(stages: readonly StageRow[], stageId: number): StageRow {
  if (stages.length === 0) throw invalidField('pipeline_id', 'not_found', 'No such pipeline.');
  const stage = stages.find((s) => s.id === stageId);
  if (!stage)
    throw invalidField('stage_id', 'not_in_pipeline', 'The stage must belong to the deal’s pipeline.');
  return stage;
}

/**
 * Refuses an organisation that is not an organisation of the company and people who are not
 * its customers; `types` holds the company's customers among them (id → type).
 */
export function assertParties(
  types: ReadonlyMap<number, string>,
  organisationId: number | null,
  customerIds: readonly number[],
): void {
  if (organisationId !== null) {
    const type = types.get(organisationId);
    if (type !== 'organisation')
      throw invalidField(
        'organisation_id',
        type ? 'not_organisation' : 'not_found',
        'Choose an organisation of the company.',
      );
  }
  if (customerIds.some((id) => !types.has(id)))
    throw invalidField('customer_ids', 'not_found', 'Choose customers of the company.');
}

/** The customers a deal involves, once each: its organisation and its people. */
export function partiesOf(deal: Pick<DealInput, 'organisation_id' | 'customer_ids'>): number[] {
  return [
    ...new Set([...(deal.organisation_id === null ? [] : [deal.organisation_id]), ...deal.customer_ids]),
  ];
}
