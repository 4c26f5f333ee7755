import { useAddressFilter } from '../../../lib/use-address-filter.ts';
import { type DealAddressFilter, type DealFilterParam, parseDealFilter } from '../lib/deal-filter.ts';

/** Filters of the board and the list in the address; switching between them keeps them. */
export function useDealFilter() {
  const { filter, key, update } = useAddressFilter<DealAddressFilter, DealFilterParam>(parseDealFilter);
  return { filter, search: key, update };
}
