import type { EditableCustomer } from './customer-dto.ts';
import { matchKeys } from './duplicates/customer-match-keys.ts';
import { searchText, sortName } from './list/customer-search.ts';

/** The columns a customer's row keeps made from its fields alone: the sort name, the search words, the match keys. */
export interface DerivedColumns {
  sort_name: string;
  search_text: string;
  phone_key: string | null;
  name_key: string | null;
  town_key: string | null;
}

export function derivedColumns(fields: EditableCustomer): DerivedColumns {
  return { sort_name: sortName(fields.name), search_text: searchText(fields), ...matchKeys(fields) };
}
