import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_LIMITS } from '@kontora/contract/live';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const Flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Real endpoints of each network; SOCIAL_<TYPE>_API_URL / _AUTH_URL point a network at a stand-in or staging. */
export const SOCIAL_DEFAULTS = {
  FACEBOOK: ['https://graph.facebook.com/v21.0', 'https://www.facebook.com/v21.0/dialog/oauth'],
  INSTAGRAM: ['https://graph.facebook.com/v21.0', 'https://www.facebook.com/v21.0/dialog/oauth'],
  LINKEDIN: ['https://api.linkedin.com', 'https://www.linkedin.com/oauth/v2/authorization'],
  X: ['https://api.x.com', 'https://x.com/i/oauth2/authorize'],
  TIKTOK: ['https://open.tiktokapis.com', 'https://www.tiktok.com/v2/auth/authorize/'],
  YOUTUBE: ['https://www.googleapis.com', 'https://accounts.google.com/o/oauth2/v2/auth'],
} as const;
type SocialType = keyof typeof SOCIAL_DEFAULTS;

/**
 * Real endpoints of the mailbox sign-in providers (decision 078): authorisation page, token
 * endpoint, IMAP and SMTP servers. MAIL_OAUTH_<P>_AUTH_URL, _TOKEN_URL, _IMAP and _SMTP point
 * one at a stand-in or a staging tenant. A server is `imaps://host:port` (TLS), `imap://host:port`
 * (STARTTLS), the same with `smtps`/`smtp`; `?security=none` speaks plain text (tests only).
 */
export const MAIL_OAUTH_DEFAULTS = {
  GOOGLE: {
    AUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
    TOKEN_URL: 'https://oauth2.googleapis.com/token',
    IMAP: 'imaps://imap.gmail.com:993',
    SMTP: 'smtps://smtp.gmail.com:465',
  },
  MICROSOFT: {
    AUTH_URL: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    TOKEN_URL: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    IMAP: 'imaps://outlook.office365.com:993',
    SMTP: 'smtp://smtp.office365.com:587',
  },
} as const;
type MailOauthType = keyof typeof MAIL_OAUTH_DEFAULTS;

const MailServerUrl = (fallback: string, schemes: [string, string]) =>
  z
    .string()
    .default(fallback)
    .transform((v, c) => {
      const server = mailServerOf(v, schemes);
      if (!server)
        c.addIssue({ code: 'custom', message: `${schemes[0]}://host:port or ${schemes[1]}://host:port` });
      return server ?? { host: '', port: 0, security: 'tls' as const };
    });

/** `imaps://host:993` → TLS, `imap://host:143` → STARTTLS, `?security=none` → plain; null when malformed. */
export function mailServerOf(value: string, [plain, tls]: [string, string]): MailServerAddress | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const scheme = url.protocol.replace(/:$/, '');
  if ((scheme !== plain && scheme !== tls) || !url.hostname || !url.port) return null;
  const none = url.searchParams.get('security') === 'none';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port),
    security: none ? 'none' : scheme === tls ? 'tls' : 'starttls',
  };
}

function mailOauthEnv() {
  const shape: Record<string, z.ZodType> = {};
  for (const [type, d] of Object.entries(MAIL_OAUTH_DEFAULTS)) {
    shape[`MAIL_OAUTH_${type}_CLIENT_ID`] = z.string().default('');
    shape[`MAIL_OAUTH_${type}_CLIENT_SECRET`] = z.string().default('');
    shape[`MAIL_OAUTH_${type}_AUTH_URL`] = z.url().default(d.AUTH_URL);
    shape[`MAIL_OAUTH_${type}_TOKEN_URL`] = z.url().default(d.TOKEN_URL);
    shape[`MAIL_OAUTH_${type}_IMAP`] = MailServerUrl(d.IMAP, ['imap', 'imaps']);
    shape[`MAIL_OAUTH_${type}_SMTP`] = MailServerUrl(d.SMTP, ['smtp', 'smtps']);
  }
  return shape;
}
const SOCIAL_TYPES = Object.keys(SOCIAL_DEFAULTS) as SocialType[];

function socialEnv() {
  const shape: Record<string, z.ZodType> = {};
  for (const type of SOCIAL_TYPES) {
    const [apiUrl, authUrl] = SOCIAL_DEFAULTS[type];
    shape[`SOCIAL_${type}_API_URL`] = z.url().default(apiUrl);
    shape[`SOCIAL_${type}_AUTH_URL`] = z.url().default(authUrl);
    shape[`SOCIAL_${type}_CLIENT_ID`] = z.string().default('');
    shape[`SOCIAL_${type}_CLIENT_SECRET`] = z.string().default('');
  }
  return shape;
}

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kontora <no-reply@kontora.local>'),
  APP_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: Flag.optional(),
  APP_NAME: z.string().default('Kontora'),
  APP_CREDIT: z.string().default(''),
  SECRET_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Which proxies in front may name the client in X-Forwarded-For (for per-address throttling). */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v, c) => {
      const trust = parseTrustProxy(v);
      if (trust === undefined)
        c.addIssue({ code: 'custom', message: 'a hop count, or a comma-separated list of addresses/CIDRs' });
      return trust ?? false;
    }),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  CHANGE_FEED_DAYS: z.coerce.number().positive().default(30),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  /** Jobs one process runs at the same time. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** How often a worker looks for due jobs without being woken (delayed jobs, other processes' enqueues on SQLite). */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** A running job's lease; a job of a process that died is taken over at most this long (plus a poll) later. */
  JOBS_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** On SIGTERM, how long running jobs may finish before they are handed back (below SHUTDOWN_DEADLINE_SECONDS). */
  JOBS_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3599).default(8),
  /**
   * On SIGTERM, how long answers in flight may take before the process exits anyway (exit 1).
   * Orchestrators kill at their own deadline (Kubernetes: 30 s); this stays below it.
   */
  SHUTDOWN_DEADLINE_SECONDS: z.coerce.number().min(1).max(3600).default(10),
  /** `bullmq` needs REDIS_URL; by default BullMQ runs the jobs exactly when REDIS_URL is set. */
  JOBS_ENGINE: z.enum(['embedded', 'bullmq']).optional(),
  /**
   * Prefix of every Redis key and channel of this deployment (rate limits, cache evictions,
   * live updates, BullMQ queues), so deployments sharing a Redis share nothing.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .optional(),
  /** The earlier name of REDIS_PREFIX, when it named only the queues; still read when REDIS_PREFIX is unset. */
  JOBS_QUEUE_PREFIX: z.string().min(1).optional(),
  /** 0 runs no jobs in this process (an API-only instance). */
  JOBS_WORKER: Flag.default(true),
  /** Media library folder (when no S3 bucket is configured); default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** An S3-compatible store for the media library; used when S3_BUCKET is set. */
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** How often each instance reads the change feed for live updates when nothing nudged it (decision 017). */
  /** Minutes between incremental syncs of each CRM connection (decision 022). */
  CONNECTOR_SYNC_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** Mailboxes one instance keeps in IMAP IDLE at most; the others come with the minute poll (0: none). */
  MAIL_IDLE_MAX: z.coerce.number().int().min(0).max(100_000).default(500),
  /**
   * Seconds between the IDLE watcher's looks for mailboxes to watch (a newly connected one is
   * watched from the next look). At most 60, so that its claims (90 s) are renewed in time.
   */
  MAIL_IDLE_SCAN_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  LIVE_POLL_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  /** Hosts or CIDR ranges webhooks may reach although they are private (tests, receivers on the same network). */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, c) => {
      const list = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (!list.every(isAllowedHostEntry))
        c.addIssue({ code: 'custom', message: 'a comma-separated list of host names, addresses or CIDRs' });
      return list;
    }),
  ...socialEnv(),
  ...mailOauthEnv(),
});

/** The variables together: rules that tie one setting to another. */
const CheckedEnv = Env.refine((e) => e.JOBS_SHUTDOWN_GRACE_SECONDS < e.SHUTDOWN_DEADLINE_SECONDS, {
  path: ['JOBS_SHUTDOWN_GRACE_SECONDS'],
  message: 'must be below SHUTDOWN_DEADLINE_SECONDS, or running jobs are cut off before they are handed back',
});

type NetworkSettings = { apiUrl: string; authUrl: string; clientId: string; clientSecret: string };

function socialNetworks(env: Record<string, unknown>): Config['social']['networks'] {
  const read = (type: SocialType): NetworkSettings => ({
    apiUrl: String(env[`SOCIAL_${type}_API_URL`]),
    authUrl: String(env[`SOCIAL_${type}_AUTH_URL`]),
    clientId: String(env[`SOCIAL_${type}_CLIENT_ID`]),
    clientSecret: String(env[`SOCIAL_${type}_CLIENT_SECRET`]),
  });
  return {
    facebook: read('FACEBOOK'),
    instagram: read('INSTAGRAM'),
    linkedin: read('LINKEDIN'),
    x: read('X'),
    tiktok: read('TIKTOK'),
    youtube: read('YOUTUBE'),
  };
}

export interface MailServerAddress {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
}

/** One mailbox sign-in provider's client and endpoints; offered when both client id and secret are set. */
export interface MailOauthSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  imap: MailServerAddress;
  smtp: MailServerAddress;
}

function mailOauthProviders(env: Record<string, unknown>): Config['mailOauth'] {
  const read = (type: MailOauthType): MailOauthSettings => ({
    clientId: String(env[`MAIL_OAUTH_${type}_CLIENT_ID`]),
    clientSecret: String(env[`MAIL_OAUTH_${type}_CLIENT_SECRET`]),
    authUrl: String(env[`MAIL_OAUTH_${type}_AUTH_URL`]),
    tokenUrl: String(env[`MAIL_OAUTH_${type}_TOKEN_URL`]),
    imap: env[`MAIL_OAUTH_${type}_IMAP`] as MailServerAddress,
    smtp: env[`MAIL_OAUTH_${type}_SMTP`] as MailServerAddress,
  });
  return { google: read('GOOGLE'), microsoft: read('MICROSOFT') };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  appName: string;
  appCredit: string;
  secretKey: Buffer;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  webDist: string;
  /**
   * Fastify's `trustProxy`: `false` (the socket's address is the client), a number of
   * proxy hops in front, or the addresses/CIDRs of the proxies in front.
   */
  trustProxy: false | number | string[];
  session: { idleMs: number; maxMs: number };
  /** Days change-feed entries are kept before pruning. */
  changeFeedDays: number;
  /** Largest CSV an import accepts, in bytes (IMPORT_MAX_BYTES, 1 GB by default). */
  importMaxBytes: number;
  /** A request body that stops arriving for this long is cut (never read from the environment; tests shorten it). */
  bodyIdleMs: number;
  /** REDIS_PREFIX: every Redis key and channel of this deployment starts with it and a colon. */
  redisPrefix: string;
  jobs: {
    engine: 'embedded' | 'bullmq';
    /** The BullMQ queues' prefix: the deployment's REDIS_PREFIX (tests give each run its own). */
    queuePrefix: string;
    concurrency: number;
    pollMs: number;
    leaseMs: number;
    worker: boolean;
    /** Multiplies every retry delay (tests shorten back-off with it; never read from the environment). */
    backoffScale: number;
    /** Time running jobs get to finish on shutdown before they are handed back. */
    shutdownGraceMs: number;
  };
  /** On shutdown, the time after which the process exits even with answers still under way. */
  shutdownDeadlineMs: number;
  /** Lower password-hash cost, for the test suite only (never read from the environment). */
  fastHashing: boolean;
  /** Media library store (decision 015): S3 when a bucket is named, else the folder. */
  media: {
    dir: string | undefined;
    s3:
      | {
          endpoint: string | undefined;
          bucket: string;
          region: string;
          accessKeyId: string | undefined;
          secretAccessKey: string | undefined;
        }
      | undefined;
  };
  /** Live updates over /api/ws; only `pollMs` comes from the environment, the rest are the protocol's (tests shorten them). */
  live: { pollMs: number; authTimeoutMs: number; heartbeatMs: number; idleMs: number; recheckMs: number };
  /** WEBHOOK_ALLOWED_HOSTS: host names, addresses or CIDRs outbound requests (webhooks, connectors, social networks) may reach although private. */
  webhookAllowedHosts: string[];
  /** CONNECTOR_SYNC_MINUTES: how often each CRM connection pulls and pushes. */
  connectors: { syncMinutes: number };
  /**
   * Synced mailboxes (decision 072): `idleMax` from MAIL_IDLE_MAX; how often the IDLE watcher
   * looks for mailboxes to watch and renews its claims from MAIL_IDLE_SCAN_SECONDS; how long a
   * claim holds unrenewed and the poll's schedule are the product's (tests change them); so is
   * how often, in minutes, the poll reads INBOX of a mailbox an IDLE watch holds (decision 079).
   */
  mailboxes: {
    idleMax: number;
    idleScanMs: number;
    idleLeaseMs: number;
    pollCron: string;
    watchedInboxPollMinutes: number;
  };
  /** Mailbox sign-in by OAuth 2 (MAIL_OAUTH_GOOGLE_* / MAIL_OAUTH_MICROSOFT_*, decision 078). */
  mailOauth: Record<'google' | 'microsoft', MailOauthSettings>;
  social: {
    networks: Record<'facebook' | 'instagram' | 'linkedin' | 'x' | 'tiktok' | 'youtube', NetworkSettings>;
    /** A call to a network without an answer by then is "unknown" (tests shorten it; never from the environment). */
    httpTimeoutMs: number;
    /** Multiplies the waits of media processing and of publish retries and checks (tests only). */
    waitScale: number;
  };
};

/** Reads the environment once. Throws a readable error naming the bad variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = CheckedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const redisPrefix = e.REDIS_PREFIX ?? e.JOBS_QUEUE_PREFIX ?? 'kontora';
  const dataDir = path.resolve(e.DATA_DIR);
  const isPostgres = !!e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  const database: Config['database'] = isPostgres
    ? { kind: 'postgres', url: e.DATABASE_URL as string }
    : { kind: 'sqlite', file: sqliteFile(e.DATABASE_URL, dataDir) };
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    // Demo data by default only for the embedded database: a PostgreSQL server is somebody's real data.
    seedDemo: e.SEED_DEMO ?? database.kind === 'sqlite',
    appName: e.APP_NAME,
    appCredit: e.APP_CREDIT,
    secretKey: Buffer.alloc(0),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, maxMs: e.SESSION_MAX_DAYS * 86_400_000 },
    changeFeedDays: e.CHANGE_FEED_DAYS,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    bodyIdleMs: 60_000,
    jobs: {
      engine: e.JOBS_ENGINE ?? (e.REDIS_URL ? 'bullmq' : 'embedded'),
      queuePrefix: redisPrefix,
      concurrency: e.JOBS_CONCURRENCY,
      pollMs: e.JOBS_POLL_MS,
      leaseMs: e.JOBS_LEASE_SECONDS * 1000,
      worker: e.JOBS_WORKER,
      backoffScale: 1,
      shutdownGraceMs: e.JOBS_SHUTDOWN_GRACE_SECONDS * 1000,
    },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_SECONDS * 1000,
    fastHashing: false,
    media: {
      dir: e.MEDIA_DIR ? path.resolve(e.MEDIA_DIR) : undefined,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT || undefined,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          }
        : undefined,
    },
    live: {
      pollMs: e.LIVE_POLL_MS,
      authTimeoutMs: LIVE_LIMITS.authTimeoutMs,
      heartbeatMs: LIVE_LIMITS.heartbeatMs,
      idleMs: LIVE_LIMITS.idleMs,
      recheckMs: 60_000,
    },
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    connectors: { syncMinutes: e.CONNECTOR_SYNC_MINUTES },
    mailboxes: {
      idleMax: e.MAIL_IDLE_MAX,
      idleScanMs: e.MAIL_IDLE_SCAN_SECONDS * 1_000,
      idleLeaseMs: 90_000,
      pollCron: '* * * * *',
      watchedInboxPollMinutes: 10,
    },
    mailOauth: mailOauthProviders(e),
    social: { networks: socialNetworks(e), httpTimeoutMs: 30_000, waitScale: 1 },
    ...overrides,
  };
  if (config.jobs.engine === 'bullmq' && !config.redisUrl)
    throw new Error('JOBS_ENGINE=bullmq needs REDIS_URL');
  if (config.secretKey.length === 0) config.secretKey = loadSecretKey(e.SECRET_KEY, dataDir);
  return config;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: off (default), a hop count, or the proxies' addresses. Never "trust
 * everything": the left-most X-Forwarded-For entry is whatever the client wrote.
 * `1`/`on`/`true` keep meaning one proxy in front (one hop), as when it was a switch.
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const v = value.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v) <= 32 ? Number(v) : undefined;
  const list = v.split(',').map((p) => p.trim());
  const valid = list.every((p) => {
    if (PROXY_NAMES.includes(p)) return true;
    const [address = '', prefix, ...rest] = p.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid ? list : undefined;
}

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function: Fastify 5
 * treats a bare number as "trust nobody" (it cannot check the nearest peer), whereas
 * N hops means the socket's peer and the N-1 entries before it are proxies, so the
 * client is the N-th entry from the right of X-Forwarded-For, never the left-most.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** A WEBHOOK_ALLOWED_HOSTS entry: a host name, an address, or an address/prefix. */
function isAllowedHostEntry(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0) return prefix === undefined && /^[a-z0-9.-]+$/i.test(entry);
  if (prefix === undefined) return true;
  return rest.length === 0 && /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function sqliteFile(url: string | undefined, dataDir: string): string {
  if (url === ':memory:') return ':memory:';
  if (url?.startsWith('sqlite:')) return path.resolve(url.slice('sqlite:'.length).replace(/^\/\//, ''));
  if (url) throw new Error('DATABASE_URL must be postgres://…, sqlite:<file> or :memory:');
  return path.join(dataDir, 'kontora.sqlite');
}

/** SECRET_KEY encrypts stored secrets; generated once into DATA_DIR so a fresh install just works. */
function loadSecretKey(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, fromEnv.length === 64 ? 'hex' : 'utf8');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
