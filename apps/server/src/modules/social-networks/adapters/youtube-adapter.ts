import type { AdapterDeps } from './adapter-deps.ts';
import { api, authorizeUrl } from './adapter-deps.ts';
import { chunksOf } from './media-chunks.ts';
import { failedPostCode } from './remote-errors.ts';
import {
  expiresIn,
  notSupported,
  type SocialAdapter,
  SocialError,
  sameText,
  type TokenSet,
} from './social-adapter.ts';
import { bearer } from './social-http.ts';

const SCOPES =
  'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';
/** Resumable chunks must be multiples of 256 KiB. */
const CHUNK_BYTES = 32 * 256 * 1024;

/** A video's title: the text's first line, within YouTube's 100 characters. */
const titleOf = (text: string) => (text.split('\n')[0] ?? '').slice(0, 100);

/**
 * YouTube Data API v3: Google OAuth 2 with PKCE and offline access (refresh token),
 * the person's channel, a video by the resumable upload (`uploadType=resumable`:
 * the session URI from `Location`, then PUT chunks with `Content-Range`, 308 until
 * the last), which publishes it; its title is the text's first line.
 */
export function createYouTubeAdapter(deps: AdapterDeps): SocialAdapter {
  const { http, config } = deps;
  const tokenCall = async (form: Record<string, string>, previous?: TokenSet): Promise<TokenSet> => {
    const { json } = await http(api(deps, '/oauth2/v4/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }),
    });
    return {
      accessToken: json.access_token,
      // Google sends a refresh token only on the first exchange.
      refreshToken: json.refresh_token ?? previous?.refreshToken ?? null,
      expiresAt: expiresIn(json.expires_in),
      refreshExpiresAt: null,
    };
  };
  const adapter: SocialAdapter = {
    network: 'youtube',
    pkce: true,
    authorizationUrl: ({ state, redirectUri, codeChallenge }) =>
      authorizeUrl(config.authUrl, {
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES,
        access_type: 'offline',
        prompt: 'consent',
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
        throw new SocialError('permanent', 'auth_expired', 'Google gave no refresh token.');
      return tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens);
    },
    async accountDetails(tokens) {
      const { json } = await http(api(deps, '/youtube/v3/channels'), {
        headers: bearer(tokens.accessToken),
        query: { part: 'snippet', mine: 'true' },
      });
      return (json.items ?? []).map((c: any) => ({
        remoteId: String(c.id),
        name: String(c.snippet?.title ?? c.id),
        handle: c.snippet?.customUrl ?? null,
      }));
    },
    uploadMedia: async () => {
      throw notSupported('YouTube', 'uploading media apart from a post (the upload publishes the video)');
    },
    async publish(account, tokens, input, opts = {}) {
      const [video] = input.media;
      if (video?.kind !== 'video' || input.media.length !== 1)
        throw new SocialError('permanent', 'rejected', 'YouTube posts take exactly one video.');
      const title = titleOf(input.text) || video.name;
      const start = await http(api(deps, '/upload/youtube/v3/videos'), {
        method: 'POST',
        headers: {
          ...bearer(tokens.accessToken),
          'x-upload-content-length': String(video.sizeBytes),
          'x-upload-content-type': video.mime,
        },
        query: { uploadType: 'resumable', part: 'snippet,status' },
        body: { snippet: { title, description: input.text }, status: { privacyStatus: 'public' } },
        signal: opts.signal,
      });
      const session = start.headers.get('location');
      if (!session)
        throw new SocialError('transient', 'network_unavailable', 'YouTube gave no upload session.');
      let offset = 0;
      let created: any = null;
      for await (const chunk of chunksOf(await video.open(), CHUNK_BYTES)) {
        const answer = await http(session, {
          method: 'PUT',
          headers: {
            ...bearer(tokens.accessToken),
            'content-range': `bytes ${offset}-${offset + chunk.length - 1}/${video.sizeBytes}`,
          },
          body: new Uint8Array(chunk),
          accept: [308],
          signal: opts.signal,
        });
        offset += chunk.length;
        if (answer.status !== 308) created = answer.json;
      }
      if (!created?.id) throw new SocialError('unknown', 'timeout', 'YouTube did not confirm the upload.');
      return { remoteId: String(created.id), url: adapter.remotePostUrl(account, String(created.id)) };
    },
    async publishStatus(account, tokens, remoteId) {
      const { json } = await http(api(deps, '/youtube/v3/videos'), {
        headers: bearer(tokens.accessToken),
        query: { part: 'status', id: remoteId },
      });
      const item = json.items?.[0];
      if (!item) return { state: 'missing' };
      const status = item.status?.uploadStatus;
      if (status === 'failed' || status === 'rejected')
        return {
          state: 'failed',
          code: failedPostCode(item.status?.failureReason ?? item.status?.rejectionReason),
        };
      return {
        state: status === 'processed' ? 'published' : 'processing',
        url: adapter.remotePostUrl(account, remoteId),
      };
    },
    async findPublished(account, tokens, { since, text }) {
      const { json } = await http(api(deps, '/youtube/v3/search'), {
        headers: bearer(tokens.accessToken),
        query: {
          part: 'snippet',
          forMine: 'true',
          type: 'video',
          order: 'date',
          maxResults: 25,
          publishedAfter: new Date(new Date(since).getTime() - 60_000).toISOString(),
        },
      });
      // Search shows a shortened description: pick by title, then compare the full description.
      const title = titleOf(text);
      const candidates = (json.items ?? [])
        .filter((i: any) => i.id?.videoId && (i.snippet?.title ?? '').trim() === title.trim())
        .map((i: any) => String(i.id.videoId));
      if (candidates.length === 0) return null;
      const full = await http(api(deps, '/youtube/v3/videos'), {
        headers: bearer(tokens.accessToken),
        query: { part: 'snippet', id: candidates.join(',') },
      });
      const found = (full.json?.items ?? []).find((v: any) => sameText(v.snippet?.description, text));
      return found
        ? { remoteId: String(found.id), url: adapter.remotePostUrl(account, String(found.id)) }
        : null;
    },
    remotePostUrl: (_account, remoteId) => `https://www.youtube.com/watch?v=${encodeURIComponent(remoteId)}`,
    async delete(_account, tokens, remoteId) {
      await http(api(deps, '/youtube/v3/videos'), {
        method: 'DELETE',
        headers: bearer(tokens.accessToken),
        query: { id: remoteId },
        accept: [404],
      });
    },
  };
  return adapter;
}
