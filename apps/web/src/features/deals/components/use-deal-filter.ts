import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type DealFilterParam, parseDealFilter } from '../lib/deal-filter.ts';

/**
 * Filters of the board and the list live in the address, so that reload, back/forward and a
 * copied link show the same deals, and switching between board and list keeps them.
 */
export function useDealFilter() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parsed filter changes only when the address text does
  const filter = useMemo(() => parseDealFilter(params), [key]);
  const update = useCallback(
    (patch: Partial<Record<DealFilterParam, string>>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { filter, search: key, update };
}
