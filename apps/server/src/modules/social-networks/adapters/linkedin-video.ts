import type { AdapterDeps } from './adapter-deps.ts';
import { api } from './adapter-deps.ts';
import { chunksOf, sleep } from './media-chunks.ts';
import { type MediaFile, SocialError } from './social-adapter.ts';

interface UploadInstruction {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
}

/**
 * LinkedIn's Videos API multi-part upload: `initializeUpload` declares the size and
 * answers one upload URL per part (byte ranges, 4 MiB each), every part is PUT in order
 * and answers an `ETag`, `finalizeUpload` names the parts by those ids, and the video
 * may be used in a post once its status is `AVAILABLE`. Parts are read one at a time
 * from the stored file, so memory holds one part, never the whole video.
 */
export async function uploadLinkedInVideo(
  deps: AdapterDeps,
  headers: Record<string, string>,
  ownerUrn: string,
  media: MediaFile,
  signal?: AbortSignal,
): Promise<string> {
  const { http } = deps;
  const init = await http(api(deps, '/rest/videos'), {
    method: 'POST',
    headers,
    query: { action: 'initializeUpload' },
    body: {
      initializeUploadRequest: {
        owner: ownerUrn,
        fileSizeBytes: media.sizeBytes,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    },
    signal,
  });
  const value = init.json?.value ?? {};
  const instructions = (value.uploadInstructions ?? []) as UploadInstruction[];
  const first = instructions[0];
  if (!value.video || !first)
    throw new SocialError('transient', 'media_failed', 'LinkedIn gave no upload instructions for the video.');
  const partBytes = first.lastByte - first.firstByte + 1;
  const partIds: string[] = [];
  let index = 0;
  for await (const part of chunksOf(await media.open(), partBytes)) {
    const instruction = instructions[index++];
    if (!instruction || part.length !== instruction.lastByte - instruction.firstByte + 1)
      throw new SocialError(
        'permanent',
        'media_failed',
        'The video does not match LinkedIn’s upload instructions.',
      );
    const answer = await http(instruction.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(part),
      signal,
    });
    const etag = answer.headers.get('etag');
    if (!etag)
      throw new SocialError('transient', 'media_failed', 'LinkedIn did not acknowledge a video part.');
    partIds.push(etag);
  }
  await http(api(deps, '/rest/videos'), {
    method: 'POST',
    headers,
    query: { action: 'finalizeUpload' },
    body: {
      finalizeUploadRequest: {
        video: value.video,
        uploadToken: value.uploadToken ?? '',
        uploadedPartIds: partIds,
      },
    },
    signal,
  });
  const urn = String(value.video);
  for (let round = 0; ; round++) {
    const { json } = await http(api(deps, `/rest/videos/${encodeURIComponent(urn)}`), { headers, signal });
    if (json?.status === 'AVAILABLE') return urn;
    if (json?.status === 'PROCESSING_FAILED')
      throw new SocialError('permanent', 'media_failed', 'LinkedIn could not process the video.');
    if (round > 60)
      throw new SocialError('transient', 'media_failed', 'LinkedIn is still processing the video.');
    await sleep(5000 * deps.waitScale, signal);
  }
}
