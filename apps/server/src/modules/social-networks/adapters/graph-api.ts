import type { AdapterDeps } from './adapter-deps.ts';
import { api, authorizeUrl } from './adapter-deps.ts';
import { graphErrorOf } from './remote-errors.ts';
import {
  expiresIn,
  type RemotePost,
  type SocialAdapter,
  SocialError,
  sameText,
  unixSeconds,
} from './social-adapter.ts';
import type { HttpOptions } from './social-http.ts';

/**
 * A Graph API call (Facebook pages and Instagram business accounts share it). Graph
 * answers most errors with HTTP 400 and `error.code`, sorted by `graphErrorOf`.
 */
export function graphCall(deps: AdapterDeps) {
  return async (path: string, token: string, options: HttpOptions & { missingOk?: boolean } = {}) => {
    const answer = await deps.http(path.startsWith('http') ? path : api(deps, path), {
      ...options,
      query: { ...options.query, access_token: token },
      accept: [400, 401, 403, 404],
    });
    const error = answer.json?.error;
    if (answer.status < 400 && !error) return answer.json;
    if (options.missingOk && (answer.status === 404 || Number(error?.code) === 100)) return null;
    throw graphErrorOf(answer.status, error);
  };
}

type Graph = ReturnType<typeof graphCall>;

/**
 * Whether a Graph object (a page post, an Instagram medium) exists, with its link from
 * `linkField` (pages say `permalink_url`, Instagram `permalink`); `fallback` when Graph gives none.
 */
export async function graphPostStatus(
  graph: Graph,
  token: string,
  remoteId: string,
  linkField: 'permalink_url' | 'permalink',
  fallback: string,
): ReturnType<SocialAdapter['publishStatus']> {
  const json = await graph(`/${remoteId}`, token, { query: { fields: `id,${linkField}` }, missingOk: true });
  if (!json) return { state: 'missing' };
  return { state: 'published', url: json[linkField] ?? fallback };
}

/**
 * A post of `edge` (a page's `feed`, an account's `media`) since a minute before `since`
 * whose `textField` is `text`: how a retry learns that a lost answer did publish.
 */
export async function graphFindByText(
  graph: Graph,
  token: string,
  edge: string,
  { since, text }: { since: string; text: string },
  shape: {
    textField: 'message' | 'caption';
    linkField: 'permalink_url' | 'permalink';
    fields: string;
    limit: number;
  },
  urlOf: (id: string) => string,
): Promise<RemotePost | null> {
  const json = await graph(edge, token, {
    query: { fields: shape.fields, since: unixSeconds(since) - 60, limit: shape.limit },
  });
  const found = (json?.data ?? []).find((p: any) => sameText(p[shape.textField], text));
  if (!found) return null;
  const id = String(found.id);
  return { remoteId: id, url: found[shape.linkField] ?? urlOf(id) };
}

/** Facebook Login: the code → a short-lived user token → a long-lived one (about 60 days). */
export async function facebookLoginTokens(deps: AdapterDeps, code: string, redirectUri: string) {
  const graph = graphCall(deps);
  const { clientId, clientSecret } = deps.config;
  const short = await deps.http(api(deps, '/oauth/access_token'), {
    query: { client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, code },
  });
  const long = await graph('/oauth/access_token', short.json.access_token, {
    query: {
      grant_type: 'fb_exchange_token',
      client_id: clientId,
      client_secret: clientSecret,
      fb_exchange_token: short.json.access_token,
    },
  });
  return long as { access_token: string; expires_in?: number };
}

/**
 * The Facebook Login half of an adapter (pages and Instagram share it): no PKCE, a
 * long-lived user token, and page tokens that do not expire, so nothing to refresh
 * (a revoked one needs the person to connect again).
 */
export function facebookLogin(
  deps: AdapterDeps,
  scopes: string,
): Pick<SocialAdapter, 'pkce' | 'authorizationUrl' | 'exchangeCode' | 'refresh'> {
  const { config } = deps;
  return {
    pkce: false,
    authorizationUrl: ({ state, redirectUri }) =>
      authorizeUrl(config.authUrl, {
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
        scope: scopes,
        response_type: 'code',
      }),
    async exchangeCode({ code, redirectUri }) {
      const long = await facebookLoginTokens(deps, code, redirectUri);
      return {
        accessToken: long.access_token,
        refreshToken: null,
        expiresAt: expiresIn(long.expires_in),
        refreshExpiresAt: null,
      };
    },
    refresh: async () => {
      throw new SocialError(
        'permanent',
        'auth_expired',
        'Page tokens cannot be refreshed; connect the account again.',
      );
    },
  };
}
