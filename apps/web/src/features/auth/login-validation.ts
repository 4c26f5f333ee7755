import { LoginBody } from '@kontora/contract/auth';
import { resolverOptions } from '../../lib/form-errors.ts';

/**
 * The login form's check (the server's own schema), without react-hook-form: the login
 * screen paints before zod or a form library has loaded, and loads this when the form is
 * first touched (docs/decisions/021-lean-css-and-first-paint.md).
 */
export type LoginValues = { email: string; password: string };
export type LoginField = keyof LoginValues;
export type LoginProblems = Partial<Record<LoginField, string>>;

/** The first validation code per field, as the other account forms' resolvers give them. */
export function loginProblems(values: LoginValues): LoginProblems {
  const result = LoginBody.safeParse(values, resolverOptions);
  const problems: LoginProblems = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && problems[field] === undefined) {
      problems[field] = issue.message;
    }
  }
  return problems;
}
