import { ConnectorBaseUrl } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../lib/errors.ts';
import { guardedHttpFor, OutboundError } from '../../lib/outbound-http/guarded-http.ts';

/**
 * A connection's base URL may be changed from the provider's public API (a
 * proxy, a sandbox, the tests' stand-ins), so it is checked as webhook URLs
 * are: private, loopback, link-local and metadata addresses are refused
 * unless WEBHOOK_ALLOWED_HOSTS lets them through. Every request checks again
 * and connects to the address it checked (docs/decisions/031-one-guarded-outbound-client.md);
 * this early check only answers the person with a clear 400 first.
 */
export async function assertReachableBaseUrl(ctx: AppContext, baseUrl: string): Promise<void> {
  // A connection saved before the URL rules (no user info, fragment or query) stops here at its next run.
  const shape = ConnectorBaseUrl.safeParse(baseUrl);
  if (!shape.success) throw invalidField('base_url', shape.error.issues[0]?.message ?? 'invalid_url');
  try {
    await guardedHttpFor(ctx.config).check(new URL(baseUrl));
  } catch (err) {
    const code =
      err instanceof OutboundError && err.code === 'private_address' ? 'private_address' : 'unreachable';
    throw invalidField('base_url', code, (err as Error).message);
  }
}
