import { contentRange, type StandinAnswer, type StandinRequest, startStandin } from './standin-server.ts';

const MB = 1024 * 1024;

export interface TikTokPublish {
  publishId: string;
  title: string;
  privacyLevel: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
  received: number;
  chunksReceived: number;
  /** Status fetches left in PROCESSING_UPLOAD after the last byte (TikTok processes, then moderates). */
  pollsLeft: number;
  postId: string | null;
}

const tiktokError = (status: number, code: string, message: string): StandinAnswer => ({
  status,
  json: { error: { code, message, log_id: 'standin-log' } },
});
const ok = (data: unknown): StandinAnswer => ({
  json: { data, error: { code: 'ok', message: '', log_id: 'standin-log' } },
});

/**
 * TikTok's Login Kit (OAuth 2 v2, `client_key`) and Content Posting API (direct post) as
 * documented, for the calls Kontora's adapter makes: the token endpoint (code and
 * refresh grants, `expires_in` one day, `refresh_expires_in` one year), `user/info`,
 * `post/publish/creator_info/query` (privacy level options, longest video; the posting caps
 * `spam_risk_*` as 403), `post/publish/video/init` (refusing a privacy level the creator
 * info did not offer: `privacy_level_option_mismatch`) with `FILE_UPLOAD` and the documented chunk rules
 * (chunks 5–64 MB, `total_chunk_count` = ⌊size / chunk⌋, the last one takes the rest,
 * a video under 5 MB in one chunk), the PUT of each chunk with `Content-Range` (206 until
 * the last, 201), and `status/fetch`. Errors in TikTok's `error.code` envelope: 401
 * `access_token_invalid`, 429 `rate_limit_exceeded`, 400 `invalid_params`.
 */
export async function startTikTokStandin(client = { key: 'tt-client', secret: 'tt-secret' }) {
  const user = { open_id: '-000ZTXLhYn3e0Wf6x0bF8nPa', display_name: 'Acme on TikTok', username: 'acme.tt' };
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const publishes = new Map<string, TikTokPublish>();
  const controls = {
    processingPolls: 1,
    lastChunkDelayMs: 0,
    /** What creator info offers: a private account has no PUBLIC_TO_EVERYONE. */
    privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    maxVideoPostDurationSec: 600,
    /** A posting cap TikTok may answer with (creator info and init): `spam_risk_too_many_posts`… */
    postingRefusal: null as string | null,
    /** `refresh_expires_in` of issued tokens (TikTok states one year). */
    refreshExpiresIn: 31_536_000,
  };
  const creatorInfoCalls: string[] = [];
  let counter = 0;
  const next = () => String(7_300_000_000_000_000_000n + BigInt(++counter));
  const issue = () => {
    const access = `act.${next()}`;
    const refresh = `rft.${next()}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      expires_in: 86_400,
      open_id: user.open_id,
      refresh_expires_in: controls.refreshExpiresIn,
      refresh_token: refresh,
      scope: 'user.info.basic,video.publish,video.upload',
      token_type: 'Bearer',
    };
  };
  const gate = (req: StandinRequest) =>
    accessTokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''))
      ? null
      : tiktokError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');

  const standin = await startStandin([
    [
      'GET',
      /^\/v2\/auth\/authorize\/?$/,
      (req) => {
        if (req.query.get('client_key') !== client.key)
          return { status: 400, json: { error: 'invalid_client', error_description: 'client_key' } };
        const code = `ttcode-${next()}`;
        codes.set(code, String(req.query.get('redirect_uri')));
        const back = `${req.query.get('redirect_uri')}?code=${code}&scopes=${encodeURIComponent(String(req.query.get('scope')))}&state=${encodeURIComponent(String(req.query.get('state')))}`;
        return { status: 302, headers: { location: back } };
      },
    ],
    [
      'POST',
      /^\/v2\/oauth\/token\/$/,
      (req) => {
        const f = req.fields;
        const refused = (error: string, description: string) => ({
          status: 400,
          json: { error, error_description: description, log_id: 'standin-log' },
        });
        if (f.client_key !== client.key || f.client_secret !== client.secret)
          return refused('invalid_client', 'Client key or secret is incorrect.');
        // The client access token: TikTok's app-only grant (no user), e.g. for checking the app's credentials.
        if (f.grant_type === 'client_credentials')
          return {
            json: { access_token: `clt.standin-${next()}`, expires_in: 7200, token_type: 'Bearer' },
          };
        if (f.grant_type === 'authorization_code') {
          const redirect = codes.get(f.code);
          codes.delete(f.code);
          if (!redirect || redirect !== f.redirect_uri)
            return refused('invalid_grant', 'Authorization code is expired.');
          return { json: issue() };
        }
        if (f.grant_type === 'refresh_token' && refreshTokens.delete(f.refresh_token))
          return { json: issue() };
        return refused('invalid_grant', 'Refresh token is invalid or expired.');
      },
    ],
    [
      'GET',
      /^\/v2\/user\/info\/$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        const fields = String(req.query.get('fields') ?? '').split(',');
        const picked = Object.fromEntries(Object.entries(user).filter(([k]) => fields.includes(k)));
        return ok({ user: picked });
      },
    ],
    [
      'POST',
      /^\/v2\/post\/publish\/creator_info\/query\/$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        creatorInfoCalls.push(String(req.headers.authorization));
        if (controls.postingRefusal)
          return tiktokError(403, controls.postingRefusal, 'The creator cannot post more content right now.');
        return ok({
          creator_avatar_url: 'https://p16-sign.tiktokcdn.com/avatar.jpeg',
          creator_username: user.username,
          creator_nickname: user.display_name,
          privacy_level_options: controls.privacyLevelOptions,
          comment_disabled: false,
          duet_disabled: false,
          stitch_disabled: true,
          max_video_post_duration_sec: controls.maxVideoPostDurationSec,
        });
      },
    ],
    [
      'POST',
      /^\/v2\/post\/publish\/video\/init\/$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        if (controls.postingRefusal)
          return tiktokError(403, controls.postingRefusal, 'The creator cannot post more content right now.');
        const privacyLevel = String(req.fields.post_info?.privacy_level ?? '');
        if (!controls.privacyLevelOptions.includes(privacyLevel))
          return tiktokError(
            400,
            'privacy_level_option_mismatch',
            'privacy_level is not one of the privacy_level_options in creator info.',
          );
        const source = req.fields.source_info ?? {};
        const title = String(req.fields.post_info?.title ?? '');
        if (source.source !== 'FILE_UPLOAD')
          return tiktokError(
            400,
            'invalid_params',
            'source_info.source must be FILE_UPLOAD or PULL_FROM_URL',
          );
        const size = Number(source.video_size);
        const chunk = Number(source.chunk_size);
        const count = Number(source.total_chunk_count);
        const wholeOk = size < 5 * MB ? chunk === size && count === 1 : true;
        const chunkOk = size < 5 * MB || (chunk >= 5 * MB && chunk <= 64 * MB);
        if (!wholeOk || !chunkOk || count !== Math.floor(size / chunk) || count < 1 || count > 1000)
          return tiktokError(400, 'invalid_params', 'The chunk_size or total_chunk_count is invalid.');
        if (title.length > 2200)
          return tiktokError(400, 'invalid_params', 'post_info.title exceeds 2200 UTF-16 runes.');
        const publishId = `v_pub_file~v2-1.${next()}`;
        publishes.set(publishId, {
          publishId,
          title,
          privacyLevel,
          size,
          chunkSize: chunk,
          chunkCount: count,
          received: 0,
          chunksReceived: 0,
          pollsLeft: controls.processingPolls,
          postId: null,
        });
        return ok({
          publish_id: publishId,
          upload_url: `${standin.url}/upload/?upload_id=${encodeURIComponent(publishId)}&upload_token=tok${counter}`,
        });
      },
    ],
    [
      'PUT',
      /^\/upload\/$/,
      (req) => {
        const upload = publishes.get(String(req.query.get('upload_id')));
        if (!upload) return { status: 404, json: { error: { code: 'not_found', message: 'upload' } } };
        const range = contentRange(req.headers['content-range']);
        if (
          !range ||
          range.first !== upload.received ||
          range.total !== upload.size ||
          range.last - range.first + 1 !== req.body.length
        )
          return { status: 416, json: { error: { code: 'invalid_range', message: 'Content-Range' } } };
        const isLast = upload.chunksReceived + 1 === upload.chunkCount;
        if (!isLast && req.body.length !== upload.chunkSize)
          return { status: 400, json: { error: { code: 'invalid_chunk', message: 'chunk size' } } };
        upload.received += req.body.length;
        upload.chunksReceived++;
        if (!isLast) return { status: 206 };
        if (upload.received !== upload.size) return { status: 400, json: { error: { code: 'size' } } };
        return { status: 201, delayMs: controls.lastChunkDelayMs };
      },
    ],
    [
      'POST',
      /^\/v2\/post\/publish\/status\/fetch\/$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        const upload = publishes.get(String(req.fields.publish_id));
        if (!upload) return tiktokError(400, 'invalid_publish_id', 'publish_id does not exist');
        if (upload.received < upload.size)
          return ok({ status: 'PROCESSING_UPLOAD', uploaded_bytes: upload.received });
        if (upload.pollsLeft > 0) {
          upload.pollsLeft--;
          return ok({ status: 'PROCESSING_UPLOAD', uploaded_bytes: upload.received });
        }
        upload.postId ??= next();
        // The post id is an int64 written as a JSON number (the docs' example), beyond what a double holds exactly.
        return {
          raw: `{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[${upload.postId}],"uploaded_bytes":${upload.received}},"error":{"code":"ok","message":"","log_id":"standin-log"}}`,
        };
      },
    ],
  ]);
  return {
    ...standin,
    user,
    publishes,
    controls,
    creatorInfoCalls,
    issueToken: () => issue(),
    /** The completed posts (every upload whose last byte arrived). */
    completed: () => [...publishes.values()].filter((p) => p.received === p.size && p.size > 0),
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
}

export type TikTokStandin = Awaited<ReturnType<typeof startTikTokStandin>>;
