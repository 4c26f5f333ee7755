import { paths } from '../../../../config/paths.ts';

/**
 * A customer opened from the list carries the list's query (search, filters, sort) as
 * router state, so that its page leads back to the same list, also after a deletion.
 */
export type FromList = { fromList: string };

export const fromList = (search: string): FromList => ({ fromList: search });

/** The list to go back to: the one the customer was opened from, else the plain list. */
export function listReturnHref(state: unknown): string {
  const search = (state as Partial<FromList> | null)?.fromList;
  const list = paths.company.customers.href();
  return typeof search === 'string' && search.startsWith('?') ? `${list}${search}` : list;
}
