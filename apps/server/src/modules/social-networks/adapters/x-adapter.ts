import type { AdapterDeps } from './adapter-deps.ts';
import { api, authorizeUrl } from './adapter-deps.ts';
import { chunksOf, sleep } from './media-chunks.ts';
import {
  type AccountRef,
  expiresIn,
  type MediaFile,
  type SocialAdapter,
  SocialError,
  sameText,
  type TokenSet,
} from './social-adapter.ts';
import { basicAuth, bearer } from './social-http.ts';

/** X documents segments of at most 5 MB for APPEND; 4 MB leaves room for the multipart envelope. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const SCOPES = 'tweet.read tweet.write users.read media.write offline.access';

function category(media: MediaFile): string {
  if (media.kind === 'video') return 'tweet_video';
  return media.mime === 'image/gif' ? 'tweet_gif' : 'tweet_image';
}

/**
 * X API v2: OAuth 2.0 authorisation code with PKCE (confidential client: Basic auth
 * at the token endpoint), media by the chunked upload (initialize → append → finalize
 * → status), posts by `POST /2/tweets`.
 */
export function createXAdapter(deps: AdapterDeps): SocialAdapter {
  const { http, config } = deps;
  const tokenCall = async (form: Record<string, string>): Promise<TokenSet> => {
    const { json } = await http(api(deps, '/2/oauth2/token'), {
      method: 'POST',
      headers: {
        authorization: basicAuth(config.clientId, config.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ ...form, client_id: config.clientId }),
    });
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token ?? null,
      expiresAt: expiresIn(json.expires_in),
      refreshExpiresAt: null,
    };
  };

  const waitForProcessing = async (tokens: TokenSet, mediaId: string, info: any, signal?: AbortSignal) => {
    let processing = info;
    for (let round = 0; processing && round < 60; round++) {
      if (processing.state === 'succeeded') return;
      if (processing.state === 'failed') {
        throw new SocialError('permanent', 'media_failed', 'X could not process the medium.');
      }
      await sleep(Math.max(1, Number(processing.check_after_secs ?? 1)) * 1000 * deps.waitScale, signal);
      const { json } = await http(api(deps, '/2/media/upload'), {
        headers: bearer(tokens.accessToken),
        query: { media_id: mediaId, command: 'STATUS' },
        signal,
      });
      processing = json?.data?.processing_info;
    }
    if (processing && processing.state !== 'succeeded') {
      throw new SocialError('transient', 'media_failed', 'X is still processing the medium.');
    }
  };

  const adapter: SocialAdapter = {
    network: 'x',
    pkce: true,
    authorizationUrl: ({ state, redirectUri, codeChallenge }) =>
      authorizeUrl(config.authUrl, {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: codeChallenge ? 'S256' : null,
      }),
    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      tokenCall({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier ?? '',
      }),
    refresh: (tokens) => {
      if (!tokens.refreshToken)
        throw new SocialError('permanent', 'auth_expired', 'X gave no refresh token.');
      return tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    },
    async accountDetails(tokens) {
      const { json } = await http(api(deps, '/2/users/me'), { headers: bearer(tokens.accessToken) });
      const user = json.data;
      return [{ remoteId: String(user.id), name: user.name ?? user.username, handle: user.username ?? null }];
    },
    async uploadMedia(_account, tokens, media, opts = {}) {
      const { signal } = opts;
      const init = await http(api(deps, '/2/media/upload/initialize'), {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        body: { media_type: media.mime, total_bytes: media.sizeBytes, media_category: category(media) },
        signal,
      });
      const mediaId = String(init.json.data.id);
      let segment = 0;
      for await (const chunk of chunksOf(await media.open(), CHUNK_BYTES)) {
        const form = new FormData();
        form.set('segment_index', String(segment++));
        form.set('media', new Blob([new Uint8Array(chunk)]), 'chunk');
        await http(api(deps, `/2/media/upload/${mediaId}/append`), {
          method: 'POST',
          headers: bearer(tokens.accessToken),
          body: form,
          signal,
        });
      }
      const done = await http(api(deps, `/2/media/upload/${mediaId}/finalize`), {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        signal,
      });
      await waitForProcessing(tokens, mediaId, done.json?.data?.processing_info, signal);
      return mediaId;
    },
    async publish(account, tokens, input, opts = {}) {
      const mediaIds: string[] = [];
      for (const media of input.media) mediaIds.push(await adapter.uploadMedia(account, tokens, media, opts));
      const { json } = await http(api(deps, '/2/tweets'), {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        body: { text: input.text, ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}) },
        signal: opts.signal,
      });
      const id = String(json.data.id);
      return { remoteId: id, url: adapter.remotePostUrl(account, id) };
    },
    async publishStatus(account, tokens, remoteId) {
      const { status, json } = await http(api(deps, `/2/tweets/${encodeURIComponent(remoteId)}`), {
        headers: bearer(tokens.accessToken),
        accept: [404],
      });
      if (status === 404 || !json?.data) return { state: 'missing' };
      return { state: 'published', url: adapter.remotePostUrl(account, remoteId) };
    },
    async findPublished(account, tokens, { since, text }) {
      const { json } = await http(api(deps, `/2/users/${encodeURIComponent(account.remoteId)}/tweets`), {
        headers: bearer(tokens.accessToken),
        // X rounds start_time to the second; a minute earlier covers clock differences.
        query: {
          start_time: new Date(new Date(since).getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
          max_results: 100,
        },
      });
      const found = (json?.data ?? []).find((t: any) => sameText(t.text, text));
      return found
        ? { remoteId: String(found.id), url: adapter.remotePostUrl(account, String(found.id)) }
        : null;
    },
    remotePostUrl: (account: AccountRef, remoteId: string) =>
      `https://x.com/${encodeURIComponent(account.handle ?? 'i')}/status/${encodeURIComponent(remoteId)}`,
    async delete(_account, tokens, remoteId) {
      await http(api(deps, `/2/tweets/${encodeURIComponent(remoteId)}`), {
        method: 'DELETE',
        headers: bearer(tokens.accessToken),
        accept: [404],
      });
    },
  };
  return adapter;
}
