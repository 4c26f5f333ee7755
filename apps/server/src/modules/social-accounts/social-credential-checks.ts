import type { SocialNetwork } from '@kontora/contract/social-posts';
import type { SocialCheckOutcome } from '@kontora/contract/social-setup';
import type { Config } from '../../config.ts';
import { guardedHttpFor, OutboundError, type OutboundOptions } from '../../lib/outbound-http/guarded-http.ts';
import type { NetworkConfig } from '../social-networks/social-networks.service.ts';

type Probe = (network: NetworkConfig) => {
  url: URL;
  options: Pick<OutboundOptions, 'method' | 'headers' | 'body'>;
};

const endpoint = (network: NetworkConfig, path: string) =>
  new URL(`${network.apiUrl.replace(/\/+$/, '')}${path}`);

/** Facebook Login apps (pages and Instagram): the app access token, asked with the id and secret alone. */
const appAccessToken: Probe = (network) => {
  const url = endpoint(network, '/oauth/access_token');
  url.searchParams.set('client_id', network.clientId);
  url.searchParams.set('client_secret', network.clientSecret);
  url.searchParams.set('grant_type', 'client_credentials');
  return { url, options: { method: 'GET' } };
};

/** TikTok's client access token (`grant_type=client_credentials`), documented for app-only calls. */
const tiktokClientToken: Probe = (network) => ({
  url: endpoint(network, '/v2/oauth/token/'),
  options: {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_key: network.clientId,
      client_secret: network.clientSecret,
      grant_type: 'client_credentials',
    }).toString(),
  },
});

/**
 * The networks whose API answers an app's id and secret without a person
 * (docs/decisions/050-social-credentials-check.md). X's app-only
 * token takes the API key of OAuth 1.0a, not the OAuth 2 client id Kontora uses; LinkedIn
 * grants client credentials only to approved partners; Google has no such grant for OAuth
 * clients: for those three only the presence of the values is seen.
 */
export const CREDENTIAL_CHECKS: Partial<Record<SocialNetwork, Probe>> = {
  facebook: appAccessToken,
  instagram: appAccessToken,
  tiktok: tiktokClientToken,
};

/** A token endpoint answers small JSON; more is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

function outcomeOf(status: number, body: Buffer): SocialCheckOutcome {
  if (status === 429 || status >= 500) return 'unavailable';
  if (status >= 400) return 'refused';
  if (status < 200 || status >= 300) return 'unexpected_answer';
  try {
    const json = JSON.parse(body.toString('utf8')) as { access_token?: unknown };
    return typeof json?.access_token === 'string' && json.access_token !== '' ? 'ok' : 'unexpected_answer';
  } catch {
    return 'unexpected_answer';
  }
}

/**
 * Asks the network whether it accepts the id and secret, through the guarded outbound client
 * (docs/decisions/031-one-guarded-outbound-client.md). Answers our outcome and the network's
 * status only: the network's error text may quote the secret or the request and stays here.
 */
export async function checkCredentials(
  config: Config,
  type: SocialNetwork,
  network: NetworkConfig,
): Promise<{ outcome: SocialCheckOutcome; httpStatus: number | null }> {
  const probe = CREDENTIAL_CHECKS[type];
  if (!probe) return { outcome: 'present', httpStatus: null };
  let request: ReturnType<Probe>;
  try {
    request = probe(network);
  } catch {
    return { outcome: 'unreachable', httpStatus: null };
  }
  try {
    const answer = await guardedHttpFor(config).request(request.url, {
      ...request.options,
      headers: { accept: 'application/json', ...request.options.headers },
      timeoutMs: config.social.httpTimeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      overflow: 'truncate',
    });
    return { outcome: outcomeOf(answer.status, answer.body), httpStatus: answer.status };
  } catch (error) {
    if (error instanceof OutboundError && error.code === 'private_address')
      return { outcome: 'blocked_address', httpStatus: null };
    return { outcome: 'unreachable', httpStatus: null };
  }
}
