import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Bootstrap's `sm` breakpoint: phones held upright (390, 360 px), where tables turn into cards. */
export const PHONE_QUERY = '(max-width: 575.98px)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
