import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Whether a list's import wizard is open: `?import=1` (the links of the integration screen's
 * import and export section) opens it on arrival, and the address then forgets it.
 */
export function useImportParam(): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const [importing, setImporting] = useState(() => params.get('import') === '1');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (params.has('import')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('import');
          return next;
        },
        { replace: true },
      );
    }
  }, []);
  return [importing, setImporting];
}
