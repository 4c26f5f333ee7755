import { createHash } from 'node:crypto';
import { contentRange, type StandinAnswer, type StandinRequest, startStandin } from './standin-server.ts';

export interface YtVideo {
  id: string;
  title: string;
  description: string;
  privacyStatus: string;
  size: number;
  received: number;
  /** Status reads left as `uploaded` before YouTube has `processed` it. */
  pollsLeft: number;
  publishedAt: string | null;
}

const googleError = (code: number, message: string, reason: string, status: string): StandinAnswer => ({
  status: code,
  json: { error: { code, message, errors: [{ message, domain: 'youtube.video', reason }], status } },
});
const unauthenticated = googleError(
  401,
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  'authError',
  'UNAUTHENTICATED',
);

/**
 * Google OAuth 2 (with PKCE, offline access) and the YouTube Data API v3 as documented,
 * for the calls Kontora's adapter makes: the consent page, the token endpoint (a refresh
 * token only on the first exchange, `invalid_grant` for a revoked one), `channels?mine`,
 * the resumable upload (`uploadType=resumable` answers the session in `Location`; PUTs with
 * `Content-Range` answer 308 with `Range` until the last, then the video resource), the
 * video's `status.uploadStatus` (`uploaded` → `processed`), `search?forMine` and delete.
 * Errors as Google gives them (`error.code`, `errors[].reason`, `status`).
 */
export async function startYouTubeStandin(client = { id: 'yt-client', secret: 'yt-secret' }) {
  const channel = { id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw', title: 'Acme TV', customUrl: '@acmetv' };
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const sessions = new Map<string, YtVideo>();
  const videos: YtVideo[] = [];
  const controls = { processingPolls: 1, lastChunkDelayMs: 0 };
  let counter = 0;
  const next = () => `${++counter}`.padStart(6, '0');
  const authed = (req: StandinRequest) =>
    accessTokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
  const issue = (withRefresh: boolean) => {
    const access = `ya29.${next()}${Math.random().toString(36).slice(2)}`;
    accessTokens.add(access);
    const refresh = withRefresh ? `1//0g${next()}` : undefined;
    if (refresh) refreshTokens.add(refresh);
    return {
      access_token: access,
      expires_in: 3599,
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      token_type: 'Bearer',
      ...(refresh ? { refresh_token: refresh } : {}),
    };
  };
  const resource = (v: YtVideo) => ({
    kind: 'youtube#video',
    id: v.id,
    snippet: {
      title: v.title,
      description: v.description,
      channelId: channel.id,
      publishedAt: v.publishedAt,
    },
    status: { uploadStatus: v.pollsLeft > 0 ? 'uploaded' : 'processed', privacyStatus: v.privacyStatus },
  });

  const standin = await startStandin([
    [
      'GET',
      /^\/o\/oauth2\/v2\/auth$/,
      (req) => {
        const q = req.query;
        if (q.get('client_id') !== client.id)
          return {
            status: 400,
            json: { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
          };
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return {
            status: 400,
            json: { error: 'invalid_request', error_description: 'code_challenge_method' },
          };
        const code = `4/0A${next()}`;
        codes.set(code, {
          challenge: String(q.get('code_challenge')),
          redirectUri: String(q.get('redirect_uri')),
        });
        const back = `${q.get('redirect_uri')}?state=${encodeURIComponent(String(q.get('state')))}&code=${encodeURIComponent(code)}&scope=${encodeURIComponent(String(q.get('scope')))}`;
        return { status: 302, headers: { location: back } };
      },
    ],
    [
      'POST',
      /^\/oauth2\/v4\/token$/,
      (req) => {
        const f = req.fields;
        if (f.client_id !== client.id || f.client_secret !== client.secret)
          return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } };
        if (f.grant_type === 'authorization_code') {
          const grant = codes.get(f.code);
          codes.delete(f.code);
          const challenge = createHash('sha256')
            .update(String(f.code_verifier ?? ''))
            .digest('base64url');
          if (!grant || grant.challenge !== challenge || grant.redirectUri !== f.redirect_uri)
            return { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } };
          return { json: issue(true) };
        }
        if (f.grant_type === 'refresh_token' && refreshTokens.has(f.refresh_token))
          return { json: issue(false) };
        return {
          status: 400,
          json: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
        };
      },
    ],
    [
      'GET',
      /^\/youtube\/v3\/channels$/,
      (req) => {
        if (!authed(req)) return unauthenticated;
        return {
          json: {
            kind: 'youtube#channelListResponse',
            pageInfo: { totalResults: 1, resultsPerPage: 5 },
            items: [
              {
                kind: 'youtube#channel',
                id: channel.id,
                snippet: { title: channel.title, customUrl: channel.customUrl },
              },
            ],
          },
        };
      },
    ],
    [
      'POST',
      /^\/upload\/youtube\/v3\/videos$/,
      (req) => {
        if (!authed(req)) return unauthenticated;
        if (req.query.get('uploadType') !== 'resumable')
          return googleError(400, 'Media type not supported', 'badContent', 'INVALID_ARGUMENT');
        const title = String(req.fields.snippet?.title ?? '');
        if (!title.trim() || title.length > 100 || /[<>]/.test(title))
          return googleError(
            400,
            'The request metadata specifies an invalid video title.',
            'invalidTitle',
            'INVALID_ARGUMENT',
          );
        const size = Number(req.headers['x-upload-content-length']);
        const uploadId = `AEnB2U${next()}`;
        sessions.set(uploadId, {
          id: '',
          title,
          description: String(req.fields.snippet?.description ?? ''),
          privacyStatus: String(req.fields.status?.privacyStatus ?? 'private'),
          size,
          received: 0,
          pollsLeft: controls.processingPolls,
          publishedAt: null,
        });
        return {
          status: 200,
          headers: {
            location: `${standin.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${uploadId}`,
          },
        };
      },
    ],
    [
      'PUT',
      /^\/upload\/youtube\/v3\/videos$/,
      (req) => {
        if (!authed(req)) return unauthenticated;
        const session = sessions.get(String(req.query.get('upload_id')));
        if (!session) return googleError(404, 'Upload session not found', 'notFound', 'NOT_FOUND');
        const range = contentRange(req.headers['content-range']);
        if (
          !range ||
          range.first !== session.received ||
          range.total !== session.size ||
          range.last - range.first + 1 !== req.body.length
        )
          return googleError(400, 'Invalid Content-Range', 'badRequest', 'INVALID_ARGUMENT');
        session.received += req.body.length;
        if (session.received < session.size) {
          // Every chunk but the last must be a multiple of 256 KiB.
          if (req.body.length % (256 * 1024) !== 0)
            return googleError(
              400,
              'Chunk size must be a multiple of 256 KiB',
              'badRequest',
              'INVALID_ARGUMENT',
            );
          return { status: 308, headers: { range: `bytes=0-${session.received - 1}` } };
        }
        sessions.delete(String(req.query.get('upload_id')));
        session.id = `v${next()}xYz`;
        session.publishedAt = new Date().toISOString();
        videos.push(session);
        return { status: 200, json: resource(session), delayMs: controls.lastChunkDelayMs };
      },
    ],
    [
      'GET',
      /^\/youtube\/v3\/videos$/,
      (req) => {
        if (!authed(req)) return unauthenticated;
        const ids = String(req.query.get('id') ?? '').split(',');
        const found = videos.filter((v) => ids.includes(v.id));
        const items = found.map((v) => {
          const item = resource(v);
          if (v.pollsLeft > 0) v.pollsLeft--;
          return item;
        });
        return {
          json: { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length } },
        };
      },
    ],
    [
      'GET',
      /^\/youtube\/v3\/search$/,
      (req) => {
        if (!authed(req)) return unauthenticated;
        if (req.query.get('forMine') === 'true' && req.query.get('type') !== 'video')
          return googleError(400, 'forMine requires type=video', 'invalidSearchFilter', 'INVALID_ARGUMENT');
        const after = req.query.get('publishedAfter') ?? '1970-01-01T00:00:00Z';
        const items = videos
          .filter((v) => (v.publishedAt ?? '') >= after)
          .reverse()
          .map((v) => ({
            kind: 'youtube#searchResult',
            id: { kind: 'youtube#video', videoId: v.id },
            // The search result's description is a shortened snippet, as on YouTube.
            snippet: { title: v.title, description: v.description.slice(0, 160), publishedAt: v.publishedAt },
          }));
        return { json: { kind: 'youtube#searchListResponse', items } };
      },
    ],
    [
      'DELETE',
      /^\/youtube\/v3\/videos$/,
      (req) => {
        if (!authed(req)) return unauthenticated;
        const at = videos.findIndex((v) => v.id === req.query.get('id'));
        if (at < 0) return googleError(404, 'Video not found', 'videoNotFound', 'NOT_FOUND');
        videos.splice(at, 1);
        return { status: 204 };
      },
    ],
  ]);
  return {
    ...standin,
    channel,
    videos,
    controls,
    issueToken: () => issue(true),
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
}

export type YouTubeStandin = Awaited<ReturnType<typeof startYouTubeStandin>>;
