import type { AppContext } from '../../context.ts';
import { invalidField } from '../../lib/errors.ts';
import { allowList, BlockedAddressError, resolveDeliveryAddress } from '../webhooks/webhook-address-guard.ts';

/**
 * A connection's base URL may be changed from the provider's public API (a
 * proxy, a sandbox, the tests' stand-ins), so it is checked as webhook URLs
 * are: private, loopback, link-local and metadata addresses are refused
 * unless WEBHOOK_ALLOWED_HOSTS lets them through.
 */
export async function assertReachableBaseUrl(ctx: AppContext, baseUrl: string): Promise<void> {
  try {
    await resolveDeliveryAddress(new URL(baseUrl), allowList(ctx.config.webhookAllowedHosts));
  } catch (err) {
    if (err instanceof BlockedAddressError) throw invalidField('base_url', 'private_address', err.message);
    throw invalidField('base_url', 'unreachable', `The base URL does not resolve: ${(err as Error).message}`);
  }
}
