import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SocialAccount, SocialPostDetail } from '@kontora/contract/social-posts';
import type { Config } from '../../config.ts';
import { insertMedia } from '../../modules/social-media/social-media.repository.ts';
import { createMediaStorage } from '../../modules/social-media/storage/create-media-storage.ts';
import { startSmtpCapture } from '../smtp-capture.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { type FacebookStandin, startFacebookStandin } from './facebook-standin.ts';
import { type InstagramStandin, startInstagramStandin } from './instagram-standin.ts';
import { type LinkedInStandin, startLinkedInStandin } from './linkedin-standin.ts';
import { startTikTokStandin, type TikTokStandin } from './tiktok-standin.ts';
import { startXStandin, type XStandin } from './x-standin.ts';
import { startYouTubeStandin, type YouTubeStandin } from './youtube-standin.ts';

export const X_CLIENT = { id: 'x-client', secret: 'x-secret' };
export const FB_CLIENT = { id: 'fb-client', secret: 'fb-secret' };
export const IG_CLIENT = { id: 'ig-client', secret: 'ig-secret' };
export const LI_CLIENT = { id: 'li-client', secret: 'li-secret' };
export const TT_CLIENT = { key: 'tt-client', secret: 'tt-secret' };
export const YT_CLIENT = { id: 'yt-client', secret: 'yt-secret' };

/** The four networks beside X and Facebook, each at its stand-in (auth page paths as on the real sites). */
export function moreNetworks(s: {
  instagram: { url: string };
  linkedin: { url: string };
  tiktok: { url: string };
  youtube: { url: string };
}): Partial<Config['social']['networks']> {
  return {
    instagram: {
      apiUrl: s.instagram.url,
      authUrl: `${s.instagram.url}/dialog/oauth`,
      clientId: IG_CLIENT.id,
      clientSecret: IG_CLIENT.secret,
    },
    linkedin: {
      apiUrl: s.linkedin.url,
      authUrl: `${s.linkedin.url}/oauth/v2/authorization`,
      clientId: LI_CLIENT.id,
      clientSecret: LI_CLIENT.secret,
    },
    tiktok: {
      apiUrl: s.tiktok.url,
      authUrl: `${s.tiktok.url}/v2/auth/authorize/`,
      clientId: TT_CLIENT.key,
      clientSecret: TT_CLIENT.secret,
    },
    youtube: {
      apiUrl: s.youtube.url,
      authUrl: `${s.youtube.url}/o/oauth2/v2/auth`,
      clientId: YT_CLIENT.id,
      clientSecret: YT_CLIENT.secret,
    },
  };
}

/** Social settings pointing X (and Facebook) at their stand-ins; the waits of retries and checks shortened a thousandfold. */
export function socialConfig(
  base: Config['social'],
  x: { url: string },
  extra: Partial<Config['social']> = {},
  facebook?: { url: string },
): Config['social'] {
  return {
    ...base,
    networks: {
      ...base.networks,
      x: {
        apiUrl: x.url,
        authUrl: `${x.url}/i/oauth2/authorize`,
        clientId: X_CLIENT.id,
        clientSecret: X_CLIENT.secret,
      },
      ...(facebook
        ? {
            facebook: {
              apiUrl: facebook.url,
              authUrl: `${facebook.url}/dialog/oauth`,
              clientId: FB_CLIENT.id,
              clientSecret: FB_CLIENT.secret,
            },
          }
        : {}),
    },
    httpTimeoutMs: 1_500,
    waitScale: 0.001,
    ...extra,
  };
}

export interface SocialKit {
  t: TestApp;
  x: XStandin;
  facebook: FacebookStandin;
  instagram: InstagramStandin;
  linkedin: LinkedInStandin;
  tiktok: TikTokStandin;
  youtube: YouTubeStandin;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  mediaDir: string;
  close(): Promise<void>;
}

/** A test app whose six networks are stand-ins on loopback, mail caught by SMTP, media in a temporary folder. */
export async function startSocialKit(): Promise<SocialKit> {
  const x = await startXStandin(X_CLIENT);
  const facebook = await startFacebookStandin(FB_CLIENT);
  const instagram = await startInstagramStandin(IG_CLIENT);
  const linkedin = await startLinkedInStandin(LI_CLIENT);
  const tiktok = await startTikTokStandin(TT_CLIENT);
  const youtube = await startYouTubeStandin(YT_CLIENT);
  const smtp = await startSmtpCapture();
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'kontora-social-media-'));
  const { loadConfig } = await import('../../config.ts');
  const base = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' }).social;
  // The stand-ins are on loopback: let the guarded client reach them, as webhook and connector tests do.
  const t = await createTestApp({
    webhookAllowedHosts: ['127.0.0.1'],
    smtpUrl: smtp.url,
    social: (() => {
      const social = socialConfig(base, x, {}, facebook);
      return {
        ...social,
        networks: { ...social.networks, ...moreNetworks({ instagram, linkedin, tiktok, youtube }) },
      };
    })(),
    media: { dir: mediaDir, s3: undefined },
  } as Partial<Config>);
  return {
    t,
    x,
    facebook,
    instagram,
    linkedin,
    tiktok,
    youtube,
    smtp,
    mediaDir,
    async close() {
      await t.close();
      await x.close();
      await facebook.close();
      await Promise.all([instagram.close(), linkedin.close(), tiktok.close(), youtube.close()]);
      await smtp.close();
    },
  };
}

/** The cookie a connect's answer gave the browser, as the browser sends it back to the callback. */
export function browserCookie(start: { headers: Record<string, unknown> }): string {
  return String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';
}

/** Connects the stand-in X account through the real flow: connect → consent on "x.com" → callback. */
export async function connectX(kit: SocialKit, token: string, companyId: number): Promise<number> {
  const start = await kit.t.call(token, {
    method: 'POST',
    url: `/api/companies/${companyId}/social/accounts/connect`,
    payload: { type: 'x' },
  });
  if (start.statusCode !== 200) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const back = new URL(kit.x.consent(start.json().data.authorize_url));
  const callback = await kit.t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: browserCookie(start) },
  });
  if (callback.statusCode !== 302 || !String(callback.headers.location).includes('connected=')) {
    throw new Error(`callback: ${callback.statusCode} ${callback.headers.location}`);
  }
  const list = await kit.t.call(token, { method: 'GET', url: `/api/companies/${companyId}/social/accounts` });
  return list.json().data.items.find((a: { type: string }) => a.type === 'x').id as number;
}

/** Connects the stand-in Facebook page: connect → the login dialog redirects back → callback. */
export async function connectFacebook(kit: SocialKit, token: string, companyId: number): Promise<number> {
  const start = await kit.t.call(token, {
    method: 'POST',
    url: `/api/companies/${companyId}/social/accounts/connect`,
    payload: { type: 'facebook' },
  });
  if (start.statusCode !== 200) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const dialog = await fetch(start.json().data.authorize_url, { redirect: 'manual' });
  const back = new URL(String(dialog.headers.get('location')));
  const callback = await kit.t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: browserCookie(start) },
  });
  if (!String(callback.headers.location).includes('connected='))
    throw new Error(`callback: ${callback.headers.location}`);
  const list = await kit.t.call(token, { method: 'GET', url: `/api/companies/${companyId}/social/accounts` });
  return list.json().data.items.find((a: { type: string }) => a.type === 'facebook').id as number;
}

/**
 * Connects a network's stand-in account through the real flow: connect → the network's
 * consent page (which allows at once and redirects with a code) → Kontora's callback.
 * Answers the new account's id.
 */
export async function connectNetwork(
  kit: SocialKit,
  token: string,
  companyId: number,
  type: 'instagram' | 'linkedin' | 'tiktok' | 'youtube' | 'x' | 'facebook',
): Promise<number> {
  const start = await kit.t.call(token, {
    method: 'POST',
    url: `/api/companies/${companyId}/social/accounts/connect`,
    payload: { type },
  });
  if (start.statusCode !== 200) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const consent = await fetch(start.json().data.authorize_url, { redirect: 'manual' });
  const back = new URL(String(consent.headers.get('location')));
  const callback = await kit.t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: browserCookie(start) },
  });
  if (!String(callback.headers.location).includes('connected='))
    throw new Error(`callback: ${callback.statusCode} ${callback.headers.location}`);
  const list = await kit.t.call(token, { method: 'GET', url: `/api/companies/${companyId}/social/accounts` });
  return list.json().data.items.find((a: { type: string }) => a.type === type).id as number;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let mediaCounter = 0;
/** A medium in the company's library (stored bytes and row), as the media library would have made it. */
export async function addMedium(
  kit: SocialKit,
  companyId: number,
  opts: {
    kind?: 'image' | 'video';
    mime?: string;
    bytes?: Buffer;
    duration_ms?: number | null;
    /** A thumbnail's bytes (stored as the JPEG thumbnail); none by default. */
    thumbnail?: Buffer;
  } = {},
): Promise<number> {
  const bytes = opts.bytes ?? PNG;
  const key = `${companyId}/test-${++mediaCounter}`;
  const storage = createMediaStorage(kit.t.ctx.config);
  await storage.put(key, Readable.from([bytes]), opts.mime ?? 'image/png');
  if (opts.thumbnail) await storage.put(`${key}-thumb`, Readable.from([opts.thumbnail]), 'image/jpeg');
  return insertMedia(kit.t.ctx.db, {
    company_id: companyId,
    kind: opts.kind ?? 'image',
    mime: opts.mime ?? 'image/png',
    size_bytes: bytes.length,
    width: 1,
    height: 1,
    duration_ms: opts.duration_ms ?? null,
    original_name: 'pixel.png',
    storage_key: key,
    thumbnail_key: opts.thumbnail ? `${key}-thumb` : null,
    created_by: null,
    created_at: new Date().toISOString(),
  });
}

/** Waits until `check` answers true (jobs run in the background), or fails after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: NoInfer<T>) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The posts API of one company as one person: create (201 or throws) and read a post. */
export function postsOf(kit: SocialKit, token: string, companyId: number) {
  const url = (rest = '') => `/api/companies/${companyId}/social/posts${rest}`;
  return {
    async create(body: Record<string, unknown>): Promise<number> {
      const res = await kit.t.call(token, { method: 'POST', url: url(), payload: body });
      if (res.statusCode !== 201) throw new Error(`create post: ${res.statusCode} ${res.body}`);
      return res.json().data.id as number;
    },
    read: (id: number) => async (): Promise<SocialPostDetail> =>
      (await kit.t.call(token, { method: 'GET', url: url(`/${id}`) })).json().data,
    accounts: async () =>
      (await kit.t.call(token, { method: 'GET', url: `/api/companies/${companyId}/social/accounts` })).json()
        .data.items as SocialAccount[],
  };
}

/** What one network's test file starts from: Ana, owner of Acme (social module), with that network's account connected. */
export interface NetworkSuite {
  kit: SocialKit;
  ana: string;
  acme: number;
  account: number;
  posts: ReturnType<typeof postsOf>;
}

/** Starts the stand-ins and connects Ana's Acme account on `type` through its real OAuth flow. */
export async function startNetworkSuite(type: Parameters<typeof connectNetwork>[3]): Promise<NetworkSuite> {
  const kit = await startSocialKit();
  const anaId = await kit.t.user('ana@example.com');
  const acme = await kit.t.company('Acme', [3], [{ userId: anaId, role: 'owner' }]);
  const ana = await kit.t.login('ana@example.com');
  const account = await connectNetwork(kit, ana, acme, type);
  return { kit, ana, acme, account, posts: postsOf(kit, ana, acme) };
}

/** Moves an account's token expiry close, as if it were about to run out (the refresh job renews such tokens). */
export async function expireSoon(kit: SocialKit, companyId: number, accountId: number): Promise<string> {
  const soon = new Date(Date.now() + 60_000).toISOString();
  await kit.t.ctx.db
    .updateTable('social_accounts')
    .set({ token_expires_at: soon })
    .where('company_id', '=', companyId)
    .where('id', '=', accountId)
    .execute();
  return soon;
}

/** A video's bytes of a given size (the stand-ins check sizes and ranges, not the codec). */
export const videoBytes = (size: number) => Buffer.alloc(size, 0x2a);

/**
 * The cast the posts, approval and accounts tests share: Ana (owner) and Marko (member) of
 * Acme, Eva owner of Beta, both companies with module 3, everyone signed in. With
 * `connect`, Acme's and Beta's X accounts are connected through the stand-in.
 */
export async function startTwoCompanies({ connect = true } = {}) {
  const kit = await startSocialKit();
  const { t } = kit;
  const anaId = await t.user('ana@example.com');
  const markoId = await t.user('marko@example.com');
  const evaId = await t.user('eva@example.com');
  const acme = await t.company(
    'Acme',
    [3],
    [
      { userId: anaId, role: 'owner' },
      { userId: markoId, role: 'member' },
    ],
  );
  const beta = await t.company('Beta', [3], [{ userId: evaId, role: 'owner' }]);
  const ana = await t.login('ana@example.com');
  const marko = await t.login('marko@example.com');
  const eva = await t.login('eva@example.com');
  const xAccount = connect ? await connectX(kit, ana, acme) : 0;
  const betaAccount = connect ? await connectX(kit, eva, beta) : 0;
  return { kit, anaId, ana, marko, eva, acme, beta, xAccount, betaAccount };
}
