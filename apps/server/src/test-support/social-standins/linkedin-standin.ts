import { type StandinAnswer, type StandinRequest, startStandin } from './standin-server.ts';

export interface LiPost {
  id: string;
  author: string;
  commentary: string;
  content: any;
  createdAt: number;
}

interface LiVideo {
  urn: string;
  size: number;
  parts: { firstByte: number; lastByte: number; etag: string | null }[];
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE';
  pollsLeft: number;
}

const restError = (status: number, message: string, code?: string): StandinAnswer => ({
  status,
  json: { status, message, ...(code ? { code } : {}), serviceErrorCode: status === 401 ? 65601 : 100 },
});

/**
 * LinkedIn's Community Management API as documented, for the calls Kontora's adapter
 * makes: OAuth 2 (authorisation page, `/oauth/v2/accessToken` with refresh tokens and
 * `refresh_token_expires_in`), `organizationAcls` and the organisation, the Images API
 * (`initializeUpload` + PUT), the Videos API's multi-part upload (`initializeUpload` with
 * `uploadInstructions` per part, PUT each part answering its `ETag`, `finalizeUpload`
 * with the part ids, the video's status), `POST /rest/posts` (the URN in `x-restli-id`),
 * a post by URN, the author's posts, delete. Every `/rest` call needs a
 * `LinkedIn-Version: YYYYMM` header. Errors: 401 expired/revoked token, 422 validation,
 * 429 throttling.
 */
export async function startLinkedInStandin(client = { id: 'li-client', secret: 'li-secret' }) {
  const org = { id: 2414183, localizedName: 'Acme d.o.o.', vanityName: 'acme' };
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const images = new Map<string, { size: number; uploaded: boolean }>();
  const videos = new Map<string, LiVideo>();
  const posts: LiPost[] = [];
  const seenVersions = new Set<string>();
  /** The Videos API splits uploads into 4 MiB parts; tests make parts small so a small file has several. */
  const controls = { partBytes: 4 * 1024 * 1024, publishDelayMs: 0, processingPolls: 1 };
  let counter = 0;
  const next = () => String(7_100_000_000_000_000_000n + BigInt(++counter));
  const issue = () => {
    const access = `AQV-${next()}`;
    const refresh = `AQX-${next()}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      expires_in: 5_184_000,
      refresh_token: refresh,
      refresh_token_expires_in: 31_536_000,
      scope: 'r_organization_social,rw_organization_admin,w_organization_social',
    };
  };
  /** Bearer token and a version header, as every versioned REST call needs. */
  const gate = (req: StandinRequest): StandinAnswer | null => {
    const version = String(req.headers['linkedin-version'] ?? '');
    if (!/^\d{6}(\.\d{2})?$/.test(version))
      return restError(
        400,
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        'VERSION_MISSING',
      );
    seenVersions.add(version);
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!accessTokens.has(token))
      return restError(401, 'The token used in the request has expired', 'EXPIRED_ACCESS_TOKEN');
    return null;
  };
  const orgUrn = `urn:li:organization:${org.id}`;

  const standin = await startStandin([
    [
      'GET',
      /^\/oauth\/v2\/authorization$/,
      (req) => {
        if (req.query.get('client_id') !== client.id || req.query.get('response_type') !== 'code')
          return { status: 400, json: { error: 'invalid_request', error_description: 'Invalid client' } };
        const code = `licode-${next()}`;
        codes.set(code, String(req.query.get('redirect_uri')));
        const back = `${req.query.get('redirect_uri')}?code=${code}&state=${encodeURIComponent(String(req.query.get('state')))}`;
        return { status: 302, headers: { location: back } };
      },
    ],
    [
      'POST',
      /^\/oauth\/v2\/accessToken$/,
      (req) => {
        const f = req.fields;
        if (f.client_id !== client.id || f.client_secret !== client.secret)
          return {
            status: 401,
            json: { error: 'invalid_client', error_description: 'Client authentication failed' },
          };
        if (f.grant_type === 'authorization_code') {
          const redirect = codes.get(f.code);
          codes.delete(f.code);
          if (!redirect || redirect !== f.redirect_uri)
            return {
              status: 400,
              json: {
                error: 'invalid_request',
                error_description:
                  'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
              },
            };
          return { json: issue() };
        }
        if (f.grant_type === 'refresh_token' && refreshTokens.delete(f.refresh_token))
          return { json: issue() };
        return {
          status: 400,
          json: {
            error: 'invalid_request',
            error_description:
              'The provided authorization grant or refresh token is invalid, expired or revoked.',
          },
        };
      },
    ],
    [
      'GET',
      /^\/rest\/organizationAcls$/,
      (req) =>
        gate(req) ?? {
          json: {
            paging: { start: 0, count: 10, total: 1 },
            elements: [
              {
                roleAssignee: 'urn:li:person:abc123',
                state: 'APPROVED',
                role: 'ADMINISTRATOR',
                organization: orgUrn,
              },
            ],
          },
        },
    ],
    [
      'GET',
      /^\/rest\/organizations\/(\d+)$/,
      (req, [id]) => gate(req) ?? (Number(id) === org.id ? { json: org } : restError(404, 'Not Found')),
    ],
    [
      'POST',
      /^\/rest\/images$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        if (req.query.get('action') !== 'initializeUpload') return restError(400, 'Unknown action');
        if (req.fields.initializeUploadRequest?.owner !== orgUrn)
          return restError(403, 'Not enough permissions to access: images.ACTION-initializeUpload');
        const urn = `urn:li:image:D4E${next()}`;
        images.set(urn, { size: 0, uploaded: false });
        return {
          json: {
            value: {
              uploadUrlExpiresAt: Date.now() + 86_400_000,
              uploadUrl: `${standin.url}/dms-uploads/image/${encodeURIComponent(urn)}`,
              image: urn,
            },
          },
        };
      },
    ],
    [
      'PUT',
      /^\/dms-uploads\/image\/([^/]+)$/,
      (req, [encoded]) => {
        const image = images.get(decodeURIComponent(String(encoded)));
        if (!image) return { status: 404 };
        image.size = req.body.length;
        image.uploaded = true;
        return { status: 201 };
      },
    ],
    [
      'POST',
      /^\/rest\/videos$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        const action = req.query.get('action');
        if (action === 'initializeUpload') {
          const ask = req.fields.initializeUploadRequest ?? {};
          if (ask.owner !== orgUrn)
            return restError(403, 'Not enough permissions to access: videos.ACTION-initializeUpload');
          const size = Number(ask.fileSizeBytes);
          if (!Number.isInteger(size) || size <= 0)
            return restError(422, 'fileSizeBytes must be a positive number');
          const urn = `urn:li:video:C5F${next()}`;
          const parts = [];
          for (let first = 0; first < size; first += controls.partBytes)
            parts.push({
              firstByte: first,
              lastByte: Math.min(size, first + controls.partBytes) - 1,
              etag: null,
            });
          videos.set(urn, {
            urn,
            size,
            parts,
            status: 'WAITING_UPLOAD',
            pollsLeft: controls.processingPolls,
          });
          return {
            json: {
              value: {
                uploadUrlsExpireAt: Date.now() + 86_400_000,
                video: urn,
                uploadInstructions: parts.map((p, i) => ({
                  uploadUrl: `${standin.url}/dms-uploads/video/${encodeURIComponent(urn)}/part/${i}`,
                  firstByte: p.firstByte,
                  lastByte: p.lastByte,
                })),
                uploadToken: '',
              },
            },
          };
        }
        if (action === 'finalizeUpload') {
          const ask = req.fields.finalizeUploadRequest ?? {};
          const video = videos.get(String(ask.video));
          if (!video) return restError(404, 'Video not found');
          const etags = video.parts.map((p) => p.etag);
          if (JSON.stringify(ask.uploadedPartIds) !== JSON.stringify(etags))
            return restError(400, 'Uploaded part ids do not match the uploaded parts');
          video.status = 'PROCESSING';
          return { status: 200 };
        }
        return restError(400, 'Unknown action');
      },
    ],
    [
      'PUT',
      /^\/dms-uploads\/video\/([^/]+)\/part\/(\d+)$/,
      (req, [encoded, index]) => {
        const video = videos.get(decodeURIComponent(String(encoded)));
        const part = video?.parts[Number(index)];
        if (!part) return { status: 404 };
        if (req.body.length !== part.lastByte - part.firstByte + 1)
          return { status: 400, json: { message: 'Part size does not match the upload instruction' } };
        part.etag = `/ETag${next()}`;
        return { status: 200, headers: { etag: part.etag } };
      },
    ],
    [
      'GET',
      /^\/rest\/videos\/([^/]+)$/,
      (req, [encoded]) => {
        const denied = gate(req);
        if (denied) return denied;
        const video = videos.get(decodeURIComponent(String(encoded)));
        if (!video) return restError(404, 'Video not found');
        if (video.status === 'PROCESSING' && video.pollsLeft-- <= 0) video.status = 'AVAILABLE';
        return { json: { id: video.urn, owner: orgUrn, status: video.status } };
      },
    ],
    [
      'POST',
      /^\/rest\/posts$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        const f = req.fields;
        if (f.author !== orgUrn) return restError(403, 'Unpermitted fields present in REQUEST_BODY');
        if (typeof f.commentary !== 'string' || f.commentary.length > 3000)
          return restError(422, `/commentary :: length of commentary must be at most 3000`);
        const mediaIds: string[] = [
          ...(f.content?.media?.id ? [f.content.media.id] : []),
          ...(f.content?.multiImage?.images ?? []).map((i: { id: string }) => i.id),
        ];
        for (const id of mediaIds) {
          const ready = id.startsWith('urn:li:video:')
            ? videos.get(id)?.status === 'AVAILABLE'
            : images.get(id)?.uploaded;
          if (!ready) return restError(422, `/content/media/id :: ${id} is not ready or does not exist`);
        }
        const post = {
          id: `urn:li:share:${next()}`,
          author: f.author,
          commentary: f.commentary,
          content: f.content ?? null,
          createdAt: Date.now(),
        };
        posts.push(post);
        return { status: 201, headers: { 'x-restli-id': post.id }, delayMs: controls.publishDelayMs };
      },
    ],
    [
      'GET',
      /^\/rest\/posts$/,
      (req) => {
        const denied = gate(req);
        if (denied) return denied;
        if (req.query.get('q') !== 'author') return restError(400, 'Unknown finder');
        const author = req.query.get('author');
        const found = posts
          .filter((p) => p.author === author)
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, Number(req.query.get('count') ?? 10));
        return { json: { paging: { start: 0, count: found.length }, elements: found } };
      },
    ],
    [
      'GET',
      /^\/rest\/posts\/([^/]+)$/,
      (req, [encoded]) => {
        const denied = gate(req);
        if (denied) return denied;
        const post = posts.find((p) => p.id === decodeURIComponent(String(encoded)));
        return post ? { json: post } : restError(404, 'Not Found');
      },
    ],
    [
      'DELETE',
      /^\/rest\/posts\/([^/]+)$/,
      (req, [encoded]) => {
        const denied = gate(req);
        if (denied) return denied;
        const at = posts.findIndex((p) => p.id === decodeURIComponent(String(encoded)));
        if (at >= 0) posts.splice(at, 1);
        return { status: 204 };
      },
    ],
  ]);
  return {
    ...standin,
    org,
    posts,
    images,
    videos,
    controls,
    seenVersions,
    issueToken: () => issue(),
    /** The member revoked the app (or the token and refresh token expired). */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
}

export type LinkedInStandin = Awaited<ReturnType<typeof startLinkedInStandin>>;
