import { zodResolver } from '@hookform/resolvers/zod';
import { ActivateBody, PasswordWithConfirmation, RequestResetBody } from '@kontora/contract/auth';
import { Token } from '@kontora/contract/fields';
import type { Resolver } from 'react-hook-form';
import { resolverOptions } from '../../lib/form-errors.ts';

/**
 * The account screens' schemas (all shared with the server), in their own chunk:
 * loaded when a form is first touched, see lib/lazy-resolver.ts. The login form's
 * check is ./login-validation.ts (no react-hook-form on the login screen).
 */
export type EmailValues = { email: string };
export type NewPasswordValues = { password: string; confirm: string };
export type ActivateValues = NewPasswordValues & { full_name: string };

export const requestResetResolver: Resolver<EmailValues> = zodResolver(RequestResetBody, resolverOptions);
export const resetResolver: Resolver<NewPasswordValues> = zodResolver(
  PasswordWithConfirmation,
  resolverOptions,
);
export const activateResolver: Resolver<ActivateValues> = zodResolver(
  ActivateBody.pick({ full_name: true }).and(PasswordWithConfirmation),
  resolverOptions,
);

export function isToken(value: string): boolean {
  return Token.safeParse(value).success;
}
