import type { AdapterDeps } from './adapter-deps.ts';
import { api, authorizeUrl } from './adapter-deps.ts';
import { chunksOf } from './media-chunks.ts';
import { failedPostCode } from './remote-errors.ts';
import {
  expiresIn,
  notSupported,
  refusal,
  type SocialAdapter,
  SocialError,
  type TokenSet,
} from './social-adapter.ts';
import { bearer } from './social-http.ts';
import {
  checkDuration,
  checkedTikTok,
  privacyFor,
  queryCreatorInfo,
  TIKTOK_REFUSALS,
} from './tiktok-creator-info.ts';

const SCOPES = 'user.info.basic,video.publish,video.upload';
/** TikTok takes chunks of 5–64 MB (the last may be up to 128 MB); 10 MB keeps memory small. */
const CHUNK_BYTES = 10 * 1024 * 1024;

/**
 * TikTok Content Posting API (direct post): OAuth 2 v2 (`client_key`), the user's
 * info, the creator info TikTok requires first (the privacy levels this creator may
 * use, the longest video), a video by `post/publish/video/init` with `FILE_UPLOAD` and PUT chunks with
 * `Content-Range`, then `post/publish/status/fetch` until the post is public.
 * TikTok offers no lookup of a post by its caption and no delete: the publish id is
 * recorded (`onRemoteId`) before the first byte goes up, so a lost answer is settled by
 * `status/fetch`, and a target without one never reached an upload (nothing to find).
 */
export function createTikTokAdapter(deps: AdapterDeps): SocialAdapter {
  const { http, config } = deps;
  const tokenCall = async (form: Record<string, string>): Promise<TokenSet> => {
    const { json } = await http(api(deps, '/v2/oauth/token/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_key: config.clientId, client_secret: config.clientSecret }),
    });
    // An OAuth refusal (`invalid_grant`…) answered with 200: the grant is gone whatever TikTok wrote.
    if (json.error && typeof json.error === 'string') throw refusal('permanent', 'auth_expired', 200);
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token ?? null,
      expiresAt: expiresIn(json.expires_in),
      refreshExpiresAt: expiresIn(json.refresh_expires_in),
    };
  };
  const adapter: SocialAdapter = {
    network: 'tiktok',
    pkce: false,
    authorizationUrl: ({ state, redirectUri }) =>
      authorizeUrl(config.authUrl, {
        client_key: config.clientId,
        scope: SCOPES,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      }),
    exchangeCode: ({ code, redirectUri }) =>
      tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (tokens) => {
      if (!tokens.refreshToken)
        throw new SocialError('permanent', 'auth_expired', 'TikTok gave no refresh token.');
      return tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    },
    async accountDetails(tokens) {
      const { json } = await http(api(deps, '/v2/user/info/'), {
        headers: bearer(tokens.accessToken),
        query: { fields: 'open_id,display_name,username' },
      });
      const user = checkedTikTok(json).user;
      return [
        {
          remoteId: String(user.open_id),
          name: String(user.display_name ?? user.username),
          handle: user.username ?? null,
        },
      ];
    },
    creatorInfo: (tokens) => queryCreatorInfo(deps, tokens),
    uploadMedia: async () => {
      throw notSupported('TikTok', 'uploading media apart from a post (the upload is part of publishing)');
    },
    async publish(account, tokens, input, opts = {}) {
      const [video] = input.media;
      if (video?.kind !== 'video' || input.media.length !== 1)
        throw new SocialError('permanent', 'rejected', 'TikTok posts take exactly one video.');
      const info = await queryCreatorInfo(deps, tokens, opts.signal);
      const privacy = privacyFor(info, input.options?.tiktok?.privacy_level);
      checkDuration(info, video);
      const chunk = Math.min(CHUNK_BYTES, video.sizeBytes);
      const count = Math.max(1, Math.floor(video.sizeBytes / chunk));
      const init = await http(api(deps, '/v2/post/publish/video/init/'), {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        accept: TIKTOK_REFUSALS,
        body: {
          post_info: { title: input.text, privacy_level: privacy },
          source_info: {
            source: 'FILE_UPLOAD',
            video_size: video.sizeBytes,
            chunk_size: chunk,
            total_chunk_count: count,
          },
        },
        signal: opts.signal,
      });
      const { publish_id: publishId, upload_url: uploadUrl } = checkedTikTok(init.json, init.status);
      await opts.onRemoteId?.(String(publishId));
      const put = async (part: Buffer, offset: number) =>
        http(uploadUrl, {
          method: 'PUT',
          headers: {
            'content-type': video.mime,
            'content-range': `bytes ${offset}-${offset + part.length - 1}/${video.sizeBytes}`,
          },
          body: new Uint8Array(part),
          signal: opts.signal,
        });
      // TikTok counts floor(size / chunk) chunks: the remainder rides with the last one.
      let offset = 0;
      let index = 0;
      const last: Buffer[] = [];
      for await (const piece of chunksOf(await video.open(), chunk)) {
        index++;
        if (index < count) {
          await put(piece, offset);
          offset += piece.length;
        } else last.push(piece);
      }
      await put(Buffer.concat(last), offset);
      return { remoteId: String(publishId), url: adapter.remotePostUrl(account, String(publishId)) };
    },
    async publishStatus(account, tokens, remoteId) {
      const { json, text } = await http(api(deps, '/v2/post/publish/status/fetch/'), {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        body: { publish_id: remoteId },
      });
      const data = checkedTikTok(json);
      if (data.status === 'PUBLISH_COMPLETE') {
        // An int64 sent as a JSON number: read its digits from the text, JSON.parse would round it.
        const postId = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text)?.[1];
        return {
          state: 'published',
          url: postId
            ? `https://www.tiktok.com/@${account.handle ?? ''}/video/${postId}`
            : adapter.remotePostUrl(account, remoteId),
        };
      }
      if (data.status === 'FAILED') return { state: 'failed', code: failedPostCode(data.fail_reason) };
      return { state: 'processing' };
    },
    // A TikTok post exists only through a publish id, and Kontora records that id before
    // uploading: asked this (no id recorded), the answer is that nothing was posted.
    findPublished: async () => null,
    remotePostUrl: (account) => `https://www.tiktok.com/@${encodeURIComponent(account.handle ?? '')}`,
    delete: async () => {
      throw notSupported('TikTok', 'deleting a post (the Content Posting API has no delete)');
    },
  };
  return adapter;
}
