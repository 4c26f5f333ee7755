import { paths } from '../config/paths.ts';
import { firstScreens } from './first-screen-route.ts';

/** A route of this app as the hash router holds it: one leading `/` (not `//`, a network path), no spaces, `\` or `#`. */
const APP_ROUTE = /^\/(?![/\\])[^\s\\#]*$/;

/** Screens for signed-out visitors only: going back to one after signing in would loop. */
const GUEST_ONLY = new Set<string>([paths.auth.login.path, paths.auth.forgotPassword.path]);

/**
 * Where a signed-out visit was going (set by RequireAuth, or by a screen's "sign in" link),
 * with its query (`/company/customer/12?company=3`), when it is a route of this app;
 * anything else (another site, an unknown address, the login screen itself) gives null.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !APP_ROUTE.test(from)) return null;
  const path = from.split('?')[0] ?? '';
  if (GUEST_ONLY.has(path)) return null;
  return firstScreens(path, true).length > 0 ? from : null;
}
