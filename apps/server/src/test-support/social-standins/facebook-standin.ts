import { startStandin } from './standin-server.ts';

interface FbPost {
  id: string;
  message: string;
  photos: string[];
  created_time: string;
}

const graphError = (code: number, message: string, status = 400) => ({
  status,
  json: {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      fbtrace_id: 'standin',
    },
  },
});

/**
 * The Graph API for Facebook pages as documented, for the calls Kontora's adapter
 * makes: Facebook Login's code and long-lived token exchange, `/me/accounts` with page
 * tokens, unpublished photos, `/{page-id}/feed` with `attached_media`, the resumable
 * video upload (start / transfer / finish), a post by id, the page feed since a time,
 * delete; errors as Graph gives them (HTTP 400 with `error.code`).
 */
export async function startFacebookStandin(client = { id: 'fb-client', secret: 'fb-secret' }) {
  const page = { id: '104857600', name: 'Acme Page', username: 'acmepage' };
  const codes = new Map<string, string>();
  const userTokens = new Set<string>();
  const pageTokens = new Set<string>();
  const photos = new Map<string, number>();
  const videos = new Map<
    string,
    { size: number; received: number; finished: boolean; description: string }
  >();
  const posts: FbPost[] = [];
  let counter = 0;
  const next = () => String(900_000 + ++counter);
  const pageAuthed = (q: URLSearchParams) => pageTokens.has(String(q.get('access_token')));
  const badToken = graphError(190, 'Error validating access token: The session has been invalidated.');

  const standin = await startStandin([
    [
      'GET',
      /^\/dialog\/oauth$/,
      (req) => {
        if (req.query.get('client_id') !== client.id)
          return { status: 400, json: { error: { message: 'bad client' } } };
        const code = `fbcode-${next()}`;
        codes.set(code, String(req.query.get('redirect_uri')));
        const back = `${req.query.get('redirect_uri')}?code=${code}&state=${encodeURIComponent(String(req.query.get('state')))}`;
        return { status: 302, headers: { location: back } };
      },
    ],
    [
      'GET',
      /^\/oauth\/access_token$/,
      (req) => {
        const q = req.query;
        if (q.get('client_id') !== client.id || q.get('client_secret') !== client.secret)
          return graphError(1, 'Invalid client');
        // The app access token: the documented check of an app's id and secret, no person involved.
        if (q.get('grant_type') === 'client_credentials')
          return { json: { access_token: `${client.id}|fb-app-${next()}`, token_type: 'bearer' } };
        if (q.get('grant_type') === 'fb_exchange_token') {
          if (!userTokens.has(String(q.get('fb_exchange_token')))) return badToken;
          const long = `fb-long-${next()}`;
          userTokens.add(long);
          return { json: { access_token: long, token_type: 'bearer', expires_in: 5_183_944 } };
        }
        const redirect = codes.get(String(q.get('code')));
        codes.delete(String(q.get('code')));
        if (!redirect || redirect !== q.get('redirect_uri'))
          return graphError(100, 'Invalid verification code format.');
        const short = `fb-short-${next()}`;
        userTokens.add(short);
        return { json: { access_token: short, token_type: 'bearer', expires_in: 5_400 } };
      },
    ],
    [
      'GET',
      /^\/me\/accounts$/,
      (req) => {
        if (!userTokens.has(String(req.query.get('access_token')))) return badToken;
        const token = `fb-page-${next()}`;
        pageTokens.add(token);
        return { json: { data: [{ ...page, access_token: token, category: 'Company' }] } };
      },
    ],
    [
      'POST',
      /^\/(\d+)\/photos$/,
      (req) => {
        if (!pageAuthed(req.query)) return badToken;
        const id = next();
        photos.set(id, Number(req.fields['source.bytes'] ?? 0));
        return { json: { id } };
      },
    ],
    [
      'POST',
      /^\/(\d+)\/feed$/,
      (req, [pageId]) => {
        if (!pageAuthed(req.query)) return badToken;
        const attached = Object.entries(req.fields)
          .filter(([k]) => k.startsWith('attached_media'))
          .map(([, v]) => String(JSON.parse(String(v)).media_fbid));
        if (attached.some((id) => !photos.has(id))) return graphError(100, 'Invalid parameter');
        const post = {
          id: `${pageId}_${next()}`,
          message: String(req.fields.message ?? ''),
          photos: attached,
          created_time: new Date().toISOString(),
        };
        posts.push(post);
        return { json: { id: post.id } };
      },
    ],
    [
      'POST',
      /^\/(\d+)\/videos$/,
      (req, [pageId]) => {
        if (!pageAuthed(req.query)) return badToken;
        const f = req.fields;
        const chunk = 1024;
        if (f.upload_phase === 'start') {
          const id = next();
          videos.set(id, { size: Number(f.file_size), received: 0, finished: false, description: '' });
          return {
            json: {
              video_id: id,
              upload_session_id: `s${id}`,
              start_offset: '0',
              end_offset: String(Math.min(chunk, Number(f.file_size))),
            },
          };
        }
        const video = videos.get(String(f.upload_session_id).slice(1));
        if (!video) return graphError(100, 'Invalid upload session');
        if (f.upload_phase === 'transfer') {
          if (Number(f.start_offset) !== video.received) return graphError(100, 'Wrong start offset');
          video.received += Number(f['video_file_chunk.bytes'] ?? 0);
          return {
            json: {
              start_offset: String(video.received),
              end_offset: String(Math.min(video.received + chunk, video.size)),
            },
          };
        }
        if (video.received !== video.size) return graphError(100, 'Upload incomplete');
        video.finished = true;
        video.description = String(f.description ?? '');
        const id = String(f.upload_session_id).slice(1);
        posts.push({ id, message: video.description, photos: [], created_time: new Date().toISOString() });
        void pageId;
        return { json: { success: true } };
      },
    ],
    [
      'GET',
      /^\/(\d+)\/feed$/,
      (req) => {
        if (!pageAuthed(req.query)) return badToken;
        const since = Number(req.query.get('since') ?? 0) * 1000;
        const found = posts.filter((p) => new Date(p.created_time).getTime() >= since).reverse();
        return {
          json: {
            data: found.map((p) => ({
              id: p.id,
              message: p.message,
              created_time: p.created_time,
              permalink_url: `https://www.facebook.com/${p.id}`,
            })),
          },
        };
      },
    ],
    [
      'GET',
      /^\/([\d_]+)$/,
      (req, [id]) => {
        if (!pageAuthed(req.query)) return badToken;
        const post = posts.find((p) => p.id === id);
        return post
          ? { json: { id, permalink_url: `https://www.facebook.com/${id}` } }
          : graphError(100, `Unsupported get request. Object with ID '${id}' does not exist`);
      },
    ],
    [
      'DELETE',
      /^\/([\d_]+)$/,
      (req, [id]) => {
        if (!pageAuthed(req.query)) return badToken;
        const at = posts.findIndex((p) => p.id === id);
        if (at < 0) return graphError(100, 'Object does not exist');
        posts.splice(at, 1);
        return { json: { success: true } };
      },
    ],
  ]);
  return {
    ...standin,
    page,
    posts,
    videos,
    revokeAll() {
      userTokens.clear();
      pageTokens.clear();
    },
  };
}

export type FacebookStandin = Awaited<ReturnType<typeof startFacebookStandin>>;
