import { createHash } from 'node:crypto';
import { startStandin } from './standin-server.ts';

export interface StandinTweet {
  id: string;
  text: string;
  media_ids: string[];
  created_at: string;
  author_id: string;
}

/**
 * The X API v2 as its documentation describes it, for the calls Kontora's X adapter
 * makes: OAuth 2 with PKCE (Basic client auth at the token endpoint, refresh tokens),
 * `/2/users/me`, the chunked media upload (initialize, append, finalize, status),
 * `POST /2/tweets`, a tweet by id, a user's tweets since a time, and delete.
 */
export async function startXStandin(client = { id: 'x-client', secret: 'x-secret' }) {
  const user = { id: '2244994945', name: 'Acme on X', username: 'acme' };
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const uploads = new Map<string, { total: number; received: number; segments: number; video: boolean }>();
  const tweets: StandinTweet[] = [];
  let counter = 0;
  const standinControls = { publishDelayMs: 0 };
  const token = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2)}`;
  const issue = () => {
    const access = token('xat');
    const refresh = token('xrt');
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      token_type: 'bearer',
      expires_in: 7200,
      access_token: access,
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      refresh_token: refresh,
    };
  };
  const unauthorized = {
    status: 401,
    json: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  };
  const authed = (headers: Record<string, unknown>) =>
    accessTokens.has(String(headers.authorization ?? '').replace(/^Bearer /, ''));
  const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;

  const consent = (authorizeUrl: string): string => {
    const q = new URL(authorizeUrl, 'http://standin').searchParams;
    if (q.get('client_id') !== client.id || q.get('code_challenge_method') !== 'S256') {
      throw new Error(`bad authorize url ${authorizeUrl}`);
    }
    const code = token('xcode');
    codes.set(code, {
      challenge: String(q.get('code_challenge')),
      redirectUri: String(q.get('redirect_uri')),
    });
    return `${q.get('redirect_uri')}?state=${encodeURIComponent(String(q.get('state')))}&code=${code}`;
  };

  const standin = await startStandin([
    // The consent page, for a browser: the person "allows" at once and is sent back with a code.
    [
      'GET',
      /^\/i\/oauth2\/authorize$/,
      (req) => ({ status: 302, headers: { location: consent(`/i/oauth2/authorize?${req.query}`) } }),
    ],
    [
      'POST',
      /^\/2\/oauth2\/token$/,
      (req) => {
        if (req.headers.authorization !== basic)
          return {
            status: 401,
            json: { error: 'invalid_client', error_description: 'Bad client credentials' },
          };
        const f = req.fields;
        if (f.grant_type === 'authorization_code') {
          const grant = codes.get(f.code);
          codes.delete(f.code);
          const challenge = createHash('sha256')
            .update(String(f.code_verifier ?? ''))
            .digest('base64url');
          if (!grant || grant.challenge !== challenge || grant.redirectUri !== f.redirect_uri) {
            return {
              status: 400,
              json: {
                error: 'invalid_request',
                error_description: 'Value passed for the authorization code was invalid.',
              },
            };
          }
          return { json: issue() };
        }
        if (f.grant_type === 'refresh_token' && refreshTokens.delete(f.refresh_token))
          return { json: issue() };
        return {
          status: 400,
          json: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
        };
      },
    ],
    ['GET', /^\/2\/users\/me$/, (req) => (authed(req.headers) ? { json: { data: user } } : unauthorized)],
    [
      'POST',
      /^\/2\/media\/upload\/initialize$/,
      (req) => {
        if (!authed(req.headers)) return unauthorized;
        const id = String(7_000_000 + ++counter);
        uploads.set(id, {
          total: Number(req.fields.total_bytes),
          received: 0,
          segments: 0,
          video: String(req.fields.media_type).startsWith('video/'),
        });
        return { json: { data: { id, media_key: `3_${id}`, expires_after_secs: 86_400 } } };
      },
    ],
    [
      'POST',
      /^\/2\/media\/upload\/(\d+)\/append$/,
      (req, [id]) => {
        const upload = uploads.get(String(id));
        if (!authed(req.headers)) return unauthorized;
        if (!upload || Number(req.fields.segment_index) !== upload.segments)
          return { status: 400, json: { errors: [{ message: 'Segment out of order' }] } };
        upload.segments++;
        upload.received += Number(req.fields['media.bytes'] ?? 0);
        return { status: 204 };
      },
    ],
    [
      'POST',
      /^\/2\/media\/upload\/(\d+)\/finalize$/,
      (req, [id]) => {
        const upload = uploads.get(String(id));
        if (!authed(req.headers)) return unauthorized;
        if (!upload || upload.received !== upload.total)
          return { status: 400, json: { errors: [{ message: 'File size does not match' }] } };
        const processing = upload.video ? { processing_info: { state: 'pending', check_after_secs: 1 } } : {};
        return { json: { data: { id, size: upload.total, expires_after_secs: 86_400, ...processing } } };
      },
    ],
    [
      'GET',
      /^\/2\/media\/upload$/,
      (req) => {
        if (!authed(req.headers)) return unauthorized;
        return {
          json: {
            data: {
              id: req.query.get('media_id'),
              processing_info: { state: 'succeeded', progress_percent: 100 },
            },
          },
        };
      },
    ],
    [
      'POST',
      /^\/2\/tweets$/,
      (req) => {
        if (!authed(req.headers)) return unauthorized;
        const text = String(req.fields.text ?? '');
        if (tweets.some((t) => t.text === text)) {
          return {
            status: 403,
            json: {
              detail: 'You are not allowed to create a Tweet with duplicate content.',
              type: 'about:blank',
              title: 'Forbidden',
              status: 403,
            },
          };
        }
        const tweet = {
          id: String(1_900_000_000_000_000_000n + BigInt(++counter)),
          text,
          media_ids: req.fields.media?.media_ids ?? [],
          created_at: new Date().toISOString(),
          author_id: user.id,
        };
        tweets.push(tweet);
        return {
          status: 201,
          json: { data: { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] } },
          delayMs: standinControls.publishDelayMs,
        };
      },
    ],
    [
      'GET',
      /^\/2\/tweets\/(\d+)$/,
      (req, [id]) => {
        if (!authed(req.headers)) return unauthorized;
        const tweet = tweets.find((t) => t.id === id);
        // X answers a missing tweet with 200 and an `errors` list.
        return tweet
          ? { json: { data: { id: tweet.id, text: tweet.text } } }
          : {
              json: {
                errors: [
                  { value: id, detail: `Could not find tweet with id: [${id}].`, title: 'Not Found Error' },
                ],
              },
            };
      },
    ],
    [
      'GET',
      /^\/2\/users\/(\d+)\/tweets$/,
      (req, [userId]) => {
        if (!authed(req.headers)) return unauthorized;
        const since = req.query.get('start_time') ?? '1970-01-01T00:00:00Z';
        const found = tweets.filter((t) => t.author_id === userId && t.created_at >= since).reverse();
        return {
          json: found.length
            ? {
                data: found.map(({ id, text, created_at }) => ({ id, text, created_at })),
                meta: { result_count: found.length },
              }
            : { meta: { result_count: 0 } },
        };
      },
    ],
    [
      'DELETE',
      /^\/2\/tweets\/(\d+)$/,
      (req, [id]) => {
        if (!authed(req.headers)) return unauthorized;
        const at = tweets.findIndex((t) => t.id === id);
        if (at >= 0) tweets.splice(at, 1);
        return { json: { data: { deleted: at >= 0 } } };
      },
    ],
  ]);
  return {
    ...standin,
    user,
    tweets,
    uploads,
    controls: standinControls,
    /** What x.com does when the person allows access: checks the request and sends the browser back with a code. */
    consent,
    /** A token as if an account had connected (for tests that set the account up directly). */
    issueToken: () => issue(),
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
}

export type XStandin = Awaited<ReturnType<typeof startXStandin>>;
