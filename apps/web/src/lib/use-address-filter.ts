import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filter kept in the address (`?q=&owner_id=…`), so that reload, back/forward and a
 * copied link show the same list. `parse` drops what the API would refuse; `update` sets or
 * clears parameters (an empty value or list clears; a list repeats the parameter), adding a
 * history entry unless `replace`.
 */
export function useAddressFilter<F, P extends string>(parse: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parsed filter changes only when the address text does
  const filter = useMemo(() => parse(params), [key]);
  const update = useCallback(
    (patch: Partial<Record<P, string | readonly string[]>>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch) as [string, string | string[] | undefined][]) {
            next.delete(name);
            if (Array.isArray(value)) for (const one of value) next.append(name, one);
            else if (value) next.set(name, value);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { filter, key, update };
}
