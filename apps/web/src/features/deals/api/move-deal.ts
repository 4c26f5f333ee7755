import type { Deal, DealMoveInput } from '@kontora/contract/deals';
import { api } from '../../../lib/api-client.ts';
import { dealsPath } from '../../shared/api/deal-keys.ts';

/** A card's new column and place: just before `before_id` or after `after_id`, else the column's top. */
export function moveDeal(companyId: number, id: number, body: DealMoveInput): Promise<Deal> {
  return api.post<Deal>(`${dealsPath(companyId)}/${id}/move`, body);
}
