import { createHash, randomBytes } from 'node:crypto';
import type { MailOauthSettings } from '../config.ts';
import type { Dovecot } from './dovecot.ts';
import { type StandinAnswer, startStandin } from './social-standins/standin-server.ts';

export const MAIL_CLIENT = { id: 'mail-client', secret: 'mail-secret' };

/**
 * A mailbox sign-in provider on loopback, shaped as Google's and Microsoft's OAuth 2 endpoints
 * are for the calls Kontora makes: the consent page (allows at once as `signIn`'s account and
 * redirects back with a code), the token endpoint (code with PKCE → access, refresh and an
 * id_token naming the address; refresh → a new access token; `invalid_grant` for a revoked
 * or unknown grant) and, for Dovecot's oauth2 passdb, an introspection endpoint answering
 * `{email}` for a live access token and 401 otherwise. Never part of the product.
 */
export async function startMailOauthStandin(client = MAIL_CLIENT) {
  const codes = new Map<string, { email: string; challenge: string; redirectUri: string; scope: string }>();
  const access = new Map<string, { email: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  const controls = {
    account: 'ana@gmail.test',
    expiresIn: 3599,
    scopes: [] as string[],
    /** Where the id_token names the address: Google's `email`, or Microsoft's sign-in name for accounts without one. */
    addressClaim: 'email' as 'email' | 'preferred_username',
  };
  const calls = { refreshes: 0, introspections: 0 };
  const token = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;
  const invalidGrant: StandinAnswer = {
    status: 400,
    json: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
  };
  /** An id_token as the providers answer it; its signature is not what Kontora trusts (the TLS call is). */
  const idToken = (email: string) =>
    [
      Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ iss: 'standin', aud: client.id, sub: email, email })).toString(
        'base64url',
      ),
      'c2lnbmF0dXJl',
    ].join('.');
  const issue = (email: string, withRefresh: boolean) => {
    const accessToken = token('ya29.');
    access.set(accessToken, { email, expiresAt: Date.now() + controls.expiresIn * 1000 });
    const refreshToken = withRefresh ? token('1//') : undefined;
    if (refreshToken) refresh.set(refreshToken, email);
    return { accessToken, refreshToken };
  };

  const standin = await startStandin([
    [
      'GET',
      /^\/authorize$/,
      (req) => {
        const q = req.query;
        if (q.get('client_id') !== client.id) return { status: 400, json: { error: 'invalid_client' } };
        if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256')
          return { status: 400, json: { error: 'invalid_request' } };
        const code = token('4/0A');
        const scope = String(q.get('scope'));
        controls.scopes.push(scope);
        codes.set(code, {
          email: controls.account,
          challenge: String(q.get('code_challenge')),
          redirectUri: String(q.get('redirect_uri')),
          scope,
        });
        const back = new URL(String(q.get('redirect_uri')));
        back.searchParams.set('state', String(q.get('state')));
        back.searchParams.set('code', code);
        return { status: 302, headers: { location: back.toString() } };
      },
    ],
    [
      'POST',
      /^\/token$/,
      (req) => {
        const f = req.fields;
        if (f.client_id !== client.id || f.client_secret !== client.secret)
          return { status: 401, json: { error: 'invalid_client' } };
        if (f.grant_type === 'authorization_code') {
          const grant = codes.get(f.code);
          codes.delete(f.code);
          const challenge = createHash('sha256')
            .update(String(f.code_verifier ?? ''))
            .digest('base64url');
          if (!grant || grant.challenge !== challenge || grant.redirectUri !== f.redirect_uri)
            return invalidGrant;
          const issued = issue(grant.email, true);
          return {
            json: {
              access_token: issued.accessToken,
              refresh_token: issued.refreshToken,
              expires_in: controls.expiresIn,
              token_type: 'Bearer',
              scope: grant.scope,
              id_token: idToken(grant.email),
            },
          };
        }
        if (f.grant_type === 'refresh_token') {
          calls.refreshes += 1;
          const email = refresh.get(String(f.refresh_token));
          if (!email) return invalidGrant;
          const issued = issue(email, false);
          return {
            json: { access_token: issued.accessToken, expires_in: controls.expiresIn, token_type: 'Bearer' },
          };
        }
        return { status: 400, json: { error: 'unsupported_grant_type' } };
      },
    ],
    [
      'POST',
      /^\/introspect$/,
      (req) => {
        calls.introspections += 1;
        const found = access.get(String(req.fields.token ?? ''));
        if (!found || found.expiresAt < Date.now()) return { status: 401, json: { error: 'invalid_token' } };
        return { json: { active: true, email: found.email } };
      },
    ],
  ]);

  return {
    ...standin,
    calls,
    controls,
    /** The account the next consent signs in as. */
    signIn(email: string) {
      controls.account = email;
    },
    /** Whether this access token is live (what Dovecot and the SMTP server ask). */
    accepts: (accessToken: string, user?: string) => {
      const found = access.get(accessToken);
      return !!found && found.expiresAt > Date.now() && (user === undefined || user === found.email);
    },
    /** The person withdrew the app's access: every token of the account stops working. */
    revoke(email: string) {
      for (const [key, value] of access) if (value.email === email) access.delete(key);
      for (const [key, value] of refresh) if (value === email) refresh.delete(key);
    },
    /** Settings pointing a provider at this stand-in, its mail at Dovecot and the SMTP catcher (plain text on loopback). */
    settings(dovecot: Pick<Dovecot, 'host' | 'port'>, smtpPort: number): MailOauthSettings {
      return {
        clientId: client.id,
        clientSecret: client.secret,
        authUrl: `${standin.url}/authorize`,
        tokenUrl: `${standin.url}/token`,
        imap: { host: dovecot.host, port: dovecot.port, security: 'none' },
        smtp: { host: '127.0.0.1', port: smtpPort, security: 'none' },
      };
    },
  };
}

export type MailOauthStandin = Awaited<ReturnType<typeof startMailOauthStandin>>;
