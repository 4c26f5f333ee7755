import type { MailOauthProvider } from '@kontora/contract/mailboxes';
import type { Config, MailOauthSettings } from '../../config.ts';
import { guardedHttpFor, OutboundError } from '../../lib/outbound-http/guarded-http.ts';

/**
 * What each provider is asked for (decision 078). `openid email` put the address in the
 * id_token the token endpoint answers, so no second API is called for it: Microsoft's
 * token for outlook.office.com cannot read Graph's /me anyway. Google answers a refresh
 * token only with `access_type=offline`, and again on a later sign-in only with
 * `prompt=consent`; Microsoft with `offline_access`.
 */
const SCOPES: Record<MailOauthProvider, string> = {
  google: 'openid email https://mail.google.com/',
  microsoft:
    'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
};
const EXTRA_PARAMS: Record<MailOauthProvider, Record<string, string>> = {
  google: { access_type: 'offline', prompt: 'consent' },
  microsoft: { prompt: 'select_account' },
};
const ANSWER_MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 15_000;

export const providerSettings = (config: Config, provider: MailOauthProvider): MailOauthSettings =>
  config.mailOauth[provider];

export const isProviderConfigured = (settings: MailOauthSettings) =>
  settings.clientId.trim() !== '' && settings.clientSecret.trim() !== '';

/** Why the token endpoint did not answer tokens: `revoked` (invalid_grant) needs a new sign-in. */
export class MailTokenError extends Error {
  readonly kind: 'revoked' | 'failed';
  constructor(kind: 'revoked' | 'failed', message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface MailTokens {
  accessToken: string;
  /** Kept from before when a refresh answers none (Google never rotates it). */
  refreshToken: string | null;
  expiresAt: string;
  /** The id_token's address, on a code exchange. */
  email: string | null;
}

export function authorizationUrl(
  config: Config,
  provider: MailOauthProvider,
  params: { state: string; redirectUri: string; codeChallenge: string },
): string {
  const settings = providerSettings(config, provider);
  const url = new URL(settings.authUrl);
  const query: Record<string, string> = {
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: params.redirectUri,
    scope: SCOPES[provider],
    state: params.state,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
    ...EXTRA_PARAMS[provider],
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The address the id_token names. It comes straight from the token endpoint over TLS, which
 * OpenID Connect Core §3.1.3.7 lets stand for the signature check; the IMAP login then proves
 * the token is that mailbox's. Microsoft personal accounts may lack `email`: their sign-in
 * name (`preferred_username`) is the address.
 */
export function emailOfIdToken(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null;
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const email = [claims.email, claims.preferred_username].find(
      (v): v is string => typeof v === 'string' && /^[^\s@]+@[^\s@]+$/.test(v),
    );
    return email ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * One call to the token endpoint through the guarded outbound client (decision 031): the
 * deployment chose the address, but the same rules bound the answer, the time and the
 * redirects (never followed). The provider's words never reach a person: only `revoked`
 * (invalid_grant) or `failed`.
 */
async function tokenCall(
  config: Config,
  provider: MailOauthProvider,
  fields: Record<string, string>,
): Promise<Record<string, unknown>> {
  const settings = providerSettings(config, provider);
  const body = new URLSearchParams({
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    ...fields,
  });
  let answer: Awaited<ReturnType<ReturnType<typeof guardedHttpFor>['request']>>;
  try {
    answer = await guardedHttpFor(config).request(new URL(settings.tokenUrl), {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: ANSWER_MAX_BYTES,
      overflow: 'fail',
    });
  } catch (err) {
    const code = err instanceof OutboundError ? err.code : 'error';
    throw new MailTokenError('failed', `The ${provider} token endpoint could not be reached (${code}).`);
  }
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    // Not JSON: judged by the status alone.
  }
  if (answer.status === 400 && json.error === 'invalid_grant') {
    throw new MailTokenError('revoked', `The ${provider} token endpoint refused the grant (invalid_grant).`);
  }
  if (answer.status !== 200 || typeof json.access_token !== 'string') {
    throw new MailTokenError('failed', `The ${provider} token endpoint answered ${answer.status}.`);
  }
  return json;
}

function tokensOf(json: Record<string, unknown>, now: number): MailTokens {
  const seconds = Number(json.expires_in);
  return {
    accessToken: String(json.access_token),
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : null,
    // Without a stated lifetime, an hour: both providers' own.
    expiresAt: new Date(
      now + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000,
    ).toISOString(),
    email: emailOfIdToken(json.id_token),
  };
}

export async function exchangeCode(
  config: Config,
  provider: MailOauthProvider,
  params: { code: string; redirectUri: string; codeVerifier: string },
  now: number,
): Promise<MailTokens> {
  const json = await tokenCall(config, provider, {
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
  });
  return tokensOf(json, now);
}

export async function refreshTokens(
  config: Config,
  provider: MailOauthProvider,
  refreshToken: string,
  now: number,
): Promise<MailTokens> {
  const json = await tokenCall(config, provider, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    ...(provider === 'microsoft' ? { scope: SCOPES.microsoft } : {}),
  });
  const tokens = tokensOf(json, now);
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}
