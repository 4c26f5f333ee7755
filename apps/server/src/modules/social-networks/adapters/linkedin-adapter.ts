import type { AdapterDeps } from './adapter-deps.ts';
import { api, authorizeUrl } from './adapter-deps.ts';
import { uploadLinkedInVideo } from './linkedin-video.ts';
import { readAll } from './media-chunks.ts';
import { expiresIn, type SocialAdapter, SocialError, sameText, type TokenSet } from './social-adapter.ts';
import { bearer } from './social-http.ts';

const SCOPES = 'r_organization_social w_organization_social rw_organization_admin';
/**
 * LinkedIn versions its REST API by month and sunsets a version about a year later (its
 * Videos API page marks 202506 as sunset already, so 202411 would be refused); this is
 * the version the adapter follows, to move forward as LinkedIn retires versions.
 */
const VERSION = '202605';

/**
 * LinkedIn organisation pages: OAuth 2 (no PKCE for web apps; the token endpoint is
 * `/oauth/v2/accessToken` beside the authorisation page), the organisations the
 * person administers (`organizationAcls`), images by `images?action=initializeUpload`
 * + PUT, videos by the Videos API's multi-part upload (`linkedin-video.ts`), posts by
 * `POST /rest/posts` (the new post's URN in `x-restli-id`).
 */
export function createLinkedInAdapter(deps: AdapterDeps): SocialAdapter {
  const { http, config } = deps;
  const headers = (tokens: TokenSet) => ({
    ...bearer(tokens.accessToken),
    'linkedin-version': VERSION,
    'x-restli-protocol-version': '2.0.0',
  });
  const tokenUrl = () => new URL('/oauth/v2/accessToken', config.authUrl).toString();
  const tokenCall = async (form: Record<string, string>): Promise<TokenSet> => {
    const { json } = await http(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }),
    });
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token ?? null,
      expiresAt: expiresIn(json.expires_in),
      refreshExpiresAt: expiresIn(json.refresh_token_expires_in),
    };
  };
  const orgUrn = (remoteId: string) => `urn:li:organization:${remoteId}`;
  const adapter: SocialAdapter = {
    network: 'linkedin',
    pkce: false,
    authorizationUrl: ({ state, redirectUri }) =>
      authorizeUrl(config.authUrl, {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
        scope: SCOPES,
      }),
    exchangeCode: ({ code, redirectUri }) =>
      tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (tokens) => {
      if (!tokens.refreshToken)
        throw new SocialError('permanent', 'auth_expired', 'LinkedIn gave no refresh token.');
      return tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    },
    async accountDetails(tokens) {
      const { json } = await http(api(deps, '/rest/organizationAcls'), {
        headers: headers(tokens),
        query: { q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' },
      });
      const accounts = [];
      for (const acl of json.elements ?? []) {
        const id = String(acl.organization).split(':').pop() as string;
        const org = await http(api(deps, `/rest/organizations/${id}`), { headers: headers(tokens) });
        accounts.push({
          remoteId: id,
          name: String(org.json.localizedName ?? id),
          handle: org.json.vanityName ?? null,
        });
      }
      return accounts;
    },
    async uploadMedia(account, tokens, media, opts = {}) {
      if (media.kind === 'video')
        return uploadLinkedInVideo(deps, headers(tokens), orgUrn(account.remoteId), media, opts.signal);
      const init = await http(api(deps, '/rest/images'), {
        method: 'POST',
        headers: headers(tokens),
        query: { action: 'initializeUpload' },
        body: { initializeUploadRequest: { owner: orgUrn(account.remoteId) } },
        signal: opts.signal,
      });
      await http(init.json.value.uploadUrl, {
        method: 'PUT',
        headers: { ...bearer(tokens.accessToken), 'content-type': 'application/octet-stream' },
        body: new Uint8Array(await readAll(await media.open())),
        signal: opts.signal,
      });
      return String(init.json.value.image);
    },
    async publish(account, tokens, input, opts = {}) {
      const ids: string[] = [];
      for (const media of input.media) ids.push(await adapter.uploadMedia(account, tokens, media, opts));
      const content =
        ids.length === 0
          ? undefined
          : ids.length === 1
            ? { media: { id: ids[0] } }
            : { multiImage: { images: ids.map((id) => ({ id })) } };
      const answer = await http(api(deps, '/rest/posts'), {
        method: 'POST',
        headers: headers(tokens),
        body: {
          author: orgUrn(account.remoteId),
          commentary: input.text,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(content ? { content } : {}),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
        signal: opts.signal,
      });
      const urn = answer.headers.get('x-restli-id') ?? answer.json?.id;
      if (!urn) throw new SocialError('unknown', 'timeout', 'LinkedIn did not name the new post.');
      return { remoteId: String(urn), url: adapter.remotePostUrl(account, String(urn)) };
    },
    async publishStatus(account, tokens, remoteId) {
      const { status } = await http(api(deps, `/rest/posts/${encodeURIComponent(remoteId)}`), {
        headers: headers(tokens),
        accept: [404],
      });
      return status === 404
        ? { state: 'missing' }
        : { state: 'published', url: adapter.remotePostUrl(account, remoteId) };
    },
    async findPublished(account, tokens, { since, text }) {
      const { json } = await http(api(deps, '/rest/posts'), {
        headers: headers(tokens),
        query: { author: orgUrn(account.remoteId), q: 'author', count: 50, sortBy: 'CREATED' },
      });
      const sinceMs = new Date(since).getTime() - 60_000;
      const found = (json?.elements ?? []).find(
        (p: any) => sameText(p.commentary, text) && (p.createdAt ?? Date.now()) >= sinceMs,
      );
      return found
        ? { remoteId: String(found.id), url: adapter.remotePostUrl(account, String(found.id)) }
        : null;
    },
    remotePostUrl: (_account, remoteId) =>
      `https://www.linkedin.com/feed/update/${encodeURIComponent(remoteId)}`,
    async delete(_account, tokens, remoteId) {
      await http(api(deps, `/rest/posts/${encodeURIComponent(remoteId)}`), {
        method: 'DELETE',
        headers: headers(tokens),
        accept: [404],
      });
    },
  };
  return adapter;
}
