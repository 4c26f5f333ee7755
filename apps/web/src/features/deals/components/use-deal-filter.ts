import { useMemo } from 'react';
import { useAddressFilter } from '../../../lib/use-address-filter.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useCustomFields } from '../../shared/api/custom-fields.ts';
import { knownFieldsOnly } from '../../shared/lib/custom-params.ts';
import { type DealAddressFilter, type DealFilterParam, parseDealFilter } from '../lib/deal-filter.ts';

/**
 * Filters of the board and the list in the address; switching between them keeps them. With
 * the company's deal fields in use (`fields`): a field archived or deleted since the link was
 * made drops out of the filter and the sort.
 */
export function useDealFilter() {
  const companyId = useCompanyId();
  const {
    filter: asked,
    key,
    update,
  } = useAddressFilter<DealAddressFilter, DealFilterParam>(parseDealFilter);
  const fieldList = useCustomFields(companyId, 'deal').data;
  const fields = useMemo(() => fieldList?.filter((f) => !f.archived) ?? [], [fieldList]);
  const keys = useMemo(
    () => (fieldList ? new Set(fields.map((f) => f.key)) : undefined),
    [fieldList, fields],
  );
  const filter = useMemo(() => knownFieldsOnly(asked, keys), [asked, keys]);
  return { filter, search: key, update, fields };
}
