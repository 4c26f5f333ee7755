import type { SocialNetwork } from '@kontora/contract/social-posts';
import type {
  SocialNetworkAvailability,
  SocialNetworkCheck,
  SocialNetworkSetup,
  SocialSetupVariable,
} from '@kontora/contract/social-setup';
import { SOCIAL_DEFAULTS } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/tokens.ts';
import { isConfigured, NETWORKS, type NetworkConfig } from '../social-networks/social-networks.service.ts';
import { redirectUri } from './social-accounts.service.ts';
import { CREDENTIAL_CHECKS, checkCredentials } from './social-credential-checks.ts';
import { NETWORK_NAMES } from './social-notices.service.ts';

export function networkAvailability(ctx: AppContext): SocialNetworkAvailability[] {
  return NETWORKS.map((type) => ({ type, configured: isConfigured(ctx.config.social.networks[type]) }));
}

function variablesOf(type: SocialNetwork, network: NetworkConfig): SocialSetupVariable[] {
  const prefix = `SOCIAL_${type.toUpperCase()}`;
  const [defaultApi, defaultAuth] = SOCIAL_DEFAULTS[type.toUpperCase() as keyof typeof SOCIAL_DEFAULTS];
  return [
    { name: `${prefix}_CLIENT_ID`, required: true, set: network.clientId.trim() !== '', value: null },
    { name: `${prefix}_CLIENT_SECRET`, required: true, set: network.clientSecret.trim() !== '', value: null },
    // Only where a staging server or a stand-in answers instead of the network: set means changed from the network's own.
    { name: `${prefix}_API_URL`, required: false, set: network.apiUrl !== defaultApi, value: network.apiUrl },
    {
      name: `${prefix}_AUTH_URL`,
      required: false,
      set: network.authUrl !== defaultAuth,
      value: network.authUrl,
    },
  ];
}

/** Every network's set-up for superusers: the redirect address to register there and the variables to set here. */
export function networkSetups(ctx: AppContext): SocialNetworkSetup[] {
  return NETWORKS.map((type) => {
    const network = ctx.config.social.networks[type];
    return {
      type,
      name: NETWORK_NAMES[type] ?? type,
      configured: isConfigured(network),
      redirect_uri: redirectUri(ctx, type),
      variables: variablesOf(type, network),
      check: type in CREDENTIAL_CHECKS ? 'credentials' : 'presence',
    };
  });
}

/** Checks a network's credentials as far as the network allows without a person (see social-credential-checks.ts). */
export async function checkNetwork(ctx: AppContext, type: SocialNetwork): Promise<SocialNetworkCheck> {
  const network = ctx.config.social.networks[type];
  const done = (outcome: SocialNetworkCheck['outcome'], http_status: number | null = null) => ({
    type,
    outcome,
    http_status,
    checked_at: nowIso(),
  });
  if (!isConfigured(network)) return done('not_configured');
  const answer = await checkCredentials(ctx.config, type, network);
  return done(answer.outcome, answer.httpStatus);
}
