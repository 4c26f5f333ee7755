import { useEffect, useState } from 'react';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import type { ActivateValues, EmailValues, NewPasswordValues } from './validation.ts';

const load = () => import('./validation.ts');

export const requestResetValidation = lazyResolver<EmailValues>(() =>
  load().then((m) => m.requestResetResolver),
);
export const resetValidation = lazyResolver<NewPasswordValues>(() => load().then((m) => m.resetResolver));
export const activateValidation = lazyResolver<ActivateValues>(() => load().then((m) => m.activateResolver));

/** Whether a link's token has a valid shape; true until checked, so the form shows at once. */
export function useTokenShape(token: string): boolean {
  const [valid, setValid] = useState(true);
  useEffect(() => {
    let active = true;
    void load().then((m) => {
      if (active) setValid(m.isToken(token));
    });
    return () => {
      active = false;
    };
  }, [token]);
  return valid;
}
