import { startStandin } from './standin-server.ts';

interface IgContainer {
  id: string;
  caption: string;
  mediaType: string;
  size: number;
  received: number;
  /** Status polls left before `IN_PROGRESS` becomes `FINISHED` (Instagram processes the upload). */
  pollsLeft: number;
  published: boolean;
}

export interface IgMedia {
  id: string;
  caption: string;
  media_type: string;
  permalink: string;
  timestamp: string;
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
 * The Instagram Graph API (content publishing) as documented, for the calls Kontora's
 * adapter makes: Facebook Login (code → short-lived → long-lived user token), the pages
 * with their `instagram_business_account`, a REELS container with
 * `upload_type=resumable` whose `uri` takes the bytes (`Authorization: OAuth`, `offset`,
 * `file_size` headers, in pieces), the container's `status_code` (`IN_PROGRESS` →
 * `FINISHED`), `media_publish` (refused with code 9007 before `FINISHED`), the account's
 * media since a time, and a medium by id; errors as Graph gives them (HTTP 400 with
 * `error.code`: 190 expired token, 4 rate limit, 100 invalid parameter).
 */
export async function startInstagramStandin(client = { id: 'ig-client', secret: 'ig-secret' }) {
  const page = { id: '204857600', name: 'Acme Page' };
  const account = { id: '17841400000000001', username: 'acme.ig', name: 'Acme on Instagram' };
  const codes = new Map<string, string>();
  const userTokens = new Set<string>();
  const pageTokens = new Set<string>();
  const containers = new Map<string, IgContainer>();
  const media: IgMedia[] = [];
  const controls = { publishDelayMs: 0, processingPolls: 1 };
  let counter = 0;
  const next = () => String(17_900_000_000_000_000n + BigInt(++counter));
  const badToken = graphError(
    190,
    'Error validating access token: Session has expired on Tuesday, 24-Nov-26 10:00:00 PST.',
  );
  const authed = (q: URLSearchParams) => pageTokens.has(String(q.get('access_token')));

  const standin = await startStandin([
    [
      'GET',
      /^\/dialog\/oauth$/,
      (req) => {
        if (req.query.get('client_id') !== client.id) return graphError(101, 'Invalid App ID');
        const code = `igcode-${next()}`;
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
          return graphError(1, 'Error validating client secret.');
        // The app access token: the documented check of an app's id and secret, no person involved.
        if (q.get('grant_type') === 'client_credentials')
          return { json: { access_token: `${client.id}|ig-app-${next()}`, token_type: 'bearer' } };
        if (q.get('grant_type') === 'fb_exchange_token') {
          if (!userTokens.has(String(q.get('fb_exchange_token')))) return badToken;
          const long = `ig-long-${next()}`;
          userTokens.add(long);
          return { json: { access_token: long, token_type: 'bearer', expires_in: 5_183_944 } };
        }
        const redirect = codes.get(String(q.get('code')));
        codes.delete(String(q.get('code')));
        if (!redirect || redirect !== q.get('redirect_uri'))
          return graphError(100, 'Invalid verification code format.');
        const short = `ig-short-${next()}`;
        userTokens.add(short);
        return { json: { access_token: short, token_type: 'bearer', expires_in: 5_400 } };
      },
    ],
    [
      'GET',
      /^\/me\/accounts$/,
      (req) => {
        if (!userTokens.has(String(req.query.get('access_token')))) return badToken;
        const token = `ig-page-${next()}`;
        pageTokens.add(token);
        return {
          json: {
            data: [{ ...page, access_token: token, instagram_business_account: { ...account } }],
            paging: { cursors: { before: 'b', after: 'a' } },
          },
        };
      },
    ],
    [
      'POST',
      /^\/(\d+)\/media$/,
      (req, [userId]) => {
        if (!authed(req.query)) return badToken;
        if (userId !== account.id) return graphError(100, 'Unsupported post request.');
        const f = req.fields;
        if (f.media_type !== 'REELS' && f.media_type !== 'VIDEO' && !f.image_url)
          return graphError(100, 'The parameter image_url is required.');
        if (String(f.caption ?? '').length > 2200)
          return graphError(100, 'The caption exceeds the maximum length of 2200 characters.');
        const id = next();
        containers.set(id, {
          id,
          caption: String(f.caption ?? ''),
          mediaType: String(f.media_type),
          size: 0,
          received: 0,
          pollsLeft: controls.processingPolls,
          published: false,
        });
        return f.upload_type === 'resumable'
          ? { json: { id, uri: `${standin.url}/ig-api-upload/v21.0/${id}` } }
          : { json: { id } };
      },
    ],
    [
      // rupload.facebook.com: the bytes of a resumable container, in pieces at `offset`.
      'POST',
      /^\/ig-api-upload\/v[\d.]+\/(\d+)$/,
      (req, [id]) => {
        const token = String(req.headers.authorization ?? '').replace(/^OAuth /, '');
        if (!pageTokens.has(token))
          return {
            status: 401,
            json: { debug_info: { type: 'OAuthException', message: 'Invalid OAuth access token.' } },
          };
        const container = containers.get(String(id));
        if (!container) return { status: 404, json: { debug_info: { message: 'Unknown upload' } } };
        container.size = Number(req.headers.file_size);
        if (Number(req.headers.offset) !== container.received)
          return {
            status: 400,
            json: { debug_info: { type: 'ProcessingFailedError', message: 'Offset does not match' } },
          };
        container.received += req.body.length;
        return { json: { success: true, message: 'Upload successful.' } };
      },
    ],
    [
      'POST',
      /^\/(\d+)\/media_publish$/,
      (req) => {
        if (!authed(req.query)) return badToken;
        const container = containers.get(String(req.fields.creation_id));
        if (!container) return graphError(100, 'Invalid parameter');
        if (container.pollsLeft > 0 || container.received !== container.size)
          return graphError(9007, 'Media ID is not available');
        if (container.published) return graphError(9007, 'The media has already been published');
        container.published = true;
        const id = next();
        media.push({
          id,
          caption: container.caption,
          media_type: 'VIDEO',
          permalink: `https://www.instagram.com/reel/R${id.slice(-8)}/`,
          timestamp: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
        });
        return { json: { id }, delayMs: controls.publishDelayMs };
      },
    ],
    [
      'GET',
      /^\/(\d+)\/media$/,
      (req) => {
        if (!authed(req.query)) return badToken;
        const since = Number(req.query.get('since') ?? 0) * 1000;
        const found = media.filter((m) => Date.parse(m.timestamp) >= since).reverse();
        return { json: { data: found, paging: {} } };
      },
    ],
    [
      'GET',
      /^\/(\d+)$/,
      (req, [id]) => {
        if (!authed(req.query)) return badToken;
        const container = containers.get(String(id));
        if (container && req.query.get('fields')?.includes('status_code')) {
          const finished = container.received === container.size && container.size > 0;
          if (finished && container.pollsLeft > 0) {
            container.pollsLeft--;
            return { json: { status_code: 'IN_PROGRESS', id } };
          }
          return { json: { status_code: container.published ? 'PUBLISHED' : 'FINISHED', id } };
        }
        const found = media.find((m) => m.id === id);
        if (!found)
          return graphError(
            100,
            `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          );
        return { json: { id: found.id, permalink: found.permalink } };
      },
    ],
  ]);
  return {
    ...standin,
    account,
    containers,
    media,
    controls,
    /** The person's app access ends (an expired or revoked token). */
    revokeAll() {
      userTokens.clear();
      pageTokens.clear();
    },
  };
}

export type InstagramStandin = Awaited<ReturnType<typeof startInstagramStandin>>;
