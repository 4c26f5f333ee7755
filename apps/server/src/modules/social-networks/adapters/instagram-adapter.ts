import type { AdapterDeps } from './adapter-deps.ts';
import { facebookLogin, graphCall, graphFindByText, graphPostStatus } from './graph-api.ts';
import { chunksOf, sleep } from './media-chunks.ts';
import {
  type AccountRef,
  type MediaFile,
  notSupported,
  type SocialAdapter,
  SocialError,
  sameText,
  type TokenSet,
  unixSeconds,
} from './social-adapter.ts';

const SCOPES = 'instagram_basic,instagram_content_publish,pages_show_list,business_management';
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Instagram business accounts through the Graph API (Facebook Login): a media
 * container is created, filled, checked until `FINISHED`, then `media_publish`ed.
 * Videos go up by Instagram's resumable upload (`upload_type=resumable`, bytes
 * sent to the container's `uri` with `offset`). Images: Instagram only fetches
 * them from a public URL, which Kontora does not hand out yet, so they are
 * refused as not supported, as are carousels and deletion (no API for it).
 */
export function createInstagramAdapter(deps: AdapterDeps): SocialAdapter {
  const graph = graphCall(deps);
  /** A REELS container filled by Instagram's resumable upload (the caption goes on the container). */
  const videoContainer = async (
    account: AccountRef,
    tokens: TokenSet,
    media: MediaFile,
    caption: string,
    signal?: AbortSignal,
  ) => {
    if (media.kind !== 'video')
      throw notSupported('Instagram', 'publishing images (Instagram fetches them from a public URL)');
    const container = await graph(`/${account.remoteId}/media`, tokens.accessToken, {
      method: 'POST',
      body: new URLSearchParams({
        media_type: 'REELS',
        upload_type: 'resumable',
        ...(caption ? { caption } : {}),
      }),
      signal,
    });
    let offset = 0;
    for await (const chunk of chunksOf(await media.open(), CHUNK_BYTES)) {
      await deps.http(String(container.uri), {
        method: 'POST',
        headers: {
          authorization: `OAuth ${tokens.accessToken}`,
          offset: String(offset),
          file_size: String(media.sizeBytes),
        },
        body: new Uint8Array(chunk),
        signal: signal,
      });
      offset += chunk.length;
    }
    return String(container.id);
  };
  const adapter: SocialAdapter = {
    network: 'instagram',
    ...facebookLogin(deps, SCOPES),
    async accountDetails(tokens) {
      const json = await graph('/me/accounts', tokens.accessToken, {
        query: { fields: 'id,name,access_token,instagram_business_account{id,username,name}' },
      });
      return (json.data ?? [])
        .filter((page: any) => page.instagram_business_account)
        .map((page: any) => ({
          remoteId: String(page.instagram_business_account.id),
          name: String(page.instagram_business_account.name ?? page.instagram_business_account.username),
          handle: page.instagram_business_account.username ?? null,
          tokens: {
            accessToken: page.access_token,
            refreshToken: null,
            expiresAt: null,
            refreshExpiresAt: null,
          },
          extra: { page_id: String(page.id) },
        }));
    },
    uploadMedia: (account, tokens, media, opts = {}) =>
      videoContainer(account, tokens, media, '', opts.signal),
    async publish(account, tokens, input, opts = {}) {
      if (input.media.length !== 1) throw notSupported('Instagram', 'posts with other than one video');
      const [video] = input.media;
      if (!video) throw notSupported('Instagram', 'posts without media');
      const containerId = await videoContainer(account, tokens, video, input.text, opts.signal);
      for (let round = 0; ; round++) {
        const status = await graph(`/${containerId}`, tokens.accessToken, {
          query: { fields: 'status_code' },
        });
        if (status.status_code === 'FINISHED') break;
        if (status.status_code === 'ERROR' || status.status_code === 'EXPIRED') {
          throw new SocialError('permanent', 'media_failed', 'Instagram could not process the video.');
        }
        if (round > 60)
          throw new SocialError('transient', 'media_failed', 'Instagram is still processing the video.');
        await sleep(5000 * deps.waitScale, opts.signal);
      }
      const published = await graph(`/${account.remoteId}/media_publish`, tokens.accessToken, {
        method: 'POST',
        body: new URLSearchParams({ creation_id: containerId }),
        signal: opts.signal,
      });
      const id = String(published.id);
      const status = await adapter.publishStatus(account, tokens, id);
      return { remoteId: id, url: status.url ?? adapter.remotePostUrl(account, id) };
    },
    publishStatus: (account, tokens, remoteId) =>
      graphPostStatus(
        graph,
        tokens.accessToken,
        remoteId,
        'permalink',
        adapter.remotePostUrl(account, remoteId),
      ),
    findPublished: (account, tokens, wanted) =>
      graphFindByText(
        graph,
        tokens.accessToken,
        `/${account.remoteId}/media`,
        wanted,
        { textField: 'caption', linkField: 'permalink', fields: 'id,caption,permalink,timestamp', limit: 50 },
        (id) => adapter.remotePostUrl(account, id),
      ),
    remotePostUrl: (account) => `https://www.instagram.com/${encodeURIComponent(account.handle ?? '')}`,
    delete: async () => {
      throw notSupported('Instagram', 'deleting a post (the Graph API offers no delete for Instagram media)');
    },
  };
  return adapter;
}
