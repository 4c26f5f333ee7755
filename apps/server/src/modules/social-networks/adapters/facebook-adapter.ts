import type { AdapterDeps } from './adapter-deps.ts';
import { facebookLogin, graphCall, graphFindByText, graphPostStatus } from './graph-api.ts';
import { chunksOf, readAll } from './media-chunks.ts';
import {
  type AccountRef,
  type MediaFile,
  type SocialAdapter,
  SocialError,
  sameText,
  type TokenSet,
  unixSeconds,
} from './social-adapter.ts';

const SCOPES = 'pages_show_list,pages_read_engagement,pages_manage_posts';

/**
 * Facebook pages through the Graph API: Facebook Login (no PKCE), the pages the
 * person manages each with its own page token (page tokens from a long-lived user
 * token do not expire, so there is nothing to refresh), text and photo posts on
 * `/{page-id}/feed` (photos uploaded unpublished to `/{page-id}/photos` first), a
 * video by the resumable upload of `/{page-id}/videos` (start → transfer → finish,
 * which publishes it).
 */
export function createFacebookAdapter(deps: AdapterDeps): SocialAdapter {
  const graph = graphCall(deps);

  const uploadPhoto = async (
    account: AccountRef,
    tokens: TokenSet,
    media: MediaFile,
    signal?: AbortSignal,
  ) => {
    const form = new FormData();
    form.set('published', 'false');
    form.set(
      'source',
      new Blob([new Uint8Array(await readAll(await media.open()))], { type: media.mime }),
      media.name,
    );
    const json = await graph(`/${account.remoteId}/photos`, tokens.accessToken, {
      method: 'POST',
      body: form,
      signal,
    });
    return String(json.id);
  };

  const publishVideo = async (
    account: AccountRef,
    tokens: TokenSet,
    media: MediaFile,
    text: string,
    signal?: AbortSignal,
  ) => {
    const path = `/${account.remoteId}/videos`;
    const start = await graph(path, tokens.accessToken, {
      method: 'POST',
      body: new URLSearchParams({ upload_phase: 'start', file_size: String(media.sizeBytes) }),
      signal,
    });
    const session = String(start.upload_session_id);
    let offset = Number(start.start_offset);
    let end = Number(start.end_offset);
    // Facebook names the byte range it wants next; chunks are cut to its size (it asks ~1 MB at a time).
    const chunkSize = Math.max(1, end - offset);
    let sent = 0;
    for await (const chunk of chunksOf(await media.open(), chunkSize)) {
      if (sent !== offset)
        throw new SocialError('transient', 'media_failed', 'Facebook asked for an unexpected byte range.');
      const form = new FormData();
      form.set('upload_phase', 'transfer');
      form.set('upload_session_id', session);
      form.set('start_offset', String(offset));
      form.set('video_file_chunk', new Blob([new Uint8Array(chunk)]), 'chunk');
      const next = await graph(path, tokens.accessToken, { method: 'POST', body: form, signal });
      sent += chunk.length;
      offset = Number(next.start_offset);
      end = Number(next.end_offset);
      if (offset === end) break;
    }
    await graph(path, tokens.accessToken, {
      method: 'POST',
      body: new URLSearchParams({ upload_phase: 'finish', upload_session_id: session, description: text }),
      signal,
    });
    return String(start.video_id);
  };

  const adapter: SocialAdapter = {
    network: 'facebook',
    ...facebookLogin(deps, SCOPES),
    async accountDetails(tokens) {
      const json = await graph('/me/accounts', tokens.accessToken, {
        query: { fields: 'id,name,username,access_token' },
      });
      return (json.data ?? []).map((page: any) => ({
        remoteId: String(page.id),
        name: String(page.name),
        handle: page.username ?? null,
        tokens: {
          accessToken: page.access_token,
          refreshToken: null,
          expiresAt: null,
          refreshExpiresAt: null,
        },
      }));
    },
    async uploadMedia(account, tokens, media, opts = {}) {
      if (media.kind === 'video') {
        throw new SocialError(
          'permanent',
          'not_supported',
          'Facebook publishes a video by uploading it: use publish.',
        );
      }
      return uploadPhoto(account, tokens, media, opts.signal);
    },
    async publish(account, tokens, input, opts = {}) {
      const { signal } = opts;
      const video = input.media.find((m) => m.kind === 'video');
      if (video) {
        if (input.media.length > 1)
          throw new SocialError(
            'permanent',
            'rejected',
            'Facebook takes one video per post, without photos.',
          );
        const id = await publishVideo(account, tokens, video, input.text, signal);
        return { remoteId: id, url: `https://www.facebook.com/${account.remoteId}/videos/${id}` };
      }
      const photoIds: string[] = [];
      for (const media of input.media) photoIds.push(await uploadPhoto(account, tokens, media, signal));
      const body = new URLSearchParams({ message: input.text });
      for (const [i, id] of photoIds.entries())
        body.set(`attached_media[${i}]`, JSON.stringify({ media_fbid: id }));
      const json = await graph(`/${account.remoteId}/feed`, tokens.accessToken, {
        method: 'POST',
        body,
        signal,
      });
      const id = String(json.id);
      return { remoteId: id, url: adapter.remotePostUrl(account, id) };
    },
    publishStatus: (account, tokens, remoteId) =>
      graphPostStatus(
        graph,
        tokens.accessToken,
        remoteId,
        'permalink_url',
        adapter.remotePostUrl(account, remoteId),
      ),
    findPublished: (account, tokens, wanted) =>
      graphFindByText(
        graph,
        tokens.accessToken,
        `/${account.remoteId}/feed`,
        wanted,
        {
          textField: 'message',
          linkField: 'permalink_url',
          fields: 'id,message,permalink_url,created_time',
          limit: 100,
        },
        (id) => adapter.remotePostUrl(account, id),
      ),
    // Feed post ids are `<page id>_<post id>`; facebook.com resolves that form.
    remotePostUrl: (_account, remoteId) => `https://www.facebook.com/${encodeURIComponent(remoteId)}`,
    async delete(_account, tokens, remoteId) {
      await graph(`/${remoteId}`, tokens.accessToken, { method: 'DELETE', missingOk: true });
    },
  };
  return adapter;
}
