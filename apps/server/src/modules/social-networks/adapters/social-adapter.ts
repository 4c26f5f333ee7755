import type { Readable } from 'node:stream';
import type { PostOptions, SocialErrorCode, TikTokCreatorInfo } from '@kontora/contract/social-posts';

/** The six networks `GET /api/company-social-integration-types` lists (its `key`). */
export const NETWORKS = ['facebook', 'instagram', 'linkedin', 'x', 'tiktok', 'youtube'] as const;
export type Network = (typeof NETWORKS)[number];

/** Where a network's API lives and which app Kontora is registered as there (SOCIAL_<TYPE>_* settings). */
export interface NetworkConfig {
  apiUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** ISO; null when the network states no expiry. */
  expiresAt: string | null;
  refreshExpiresAt: string | null;
}

/** One account a connection yields (a Facebook login can yield several pages). */
export interface RemoteAccount {
  remoteId: string;
  name: string;
  handle: string | null;
  /** The account's own tokens where the network issues them (Facebook page tokens); else the connection's. */
  tokens?: TokenSet;
  extra?: Record<string, string>;
}

/** The account a call acts for, as stored. */
export interface AccountRef {
  remoteId: string;
  handle: string | null;
  extra: Record<string, string>;
}

/** A stored medium; `open` streams its bytes, so uploads never hold a whole video in memory. */
export interface MediaFile {
  id: number;
  kind: 'image' | 'video';
  mime: string;
  sizeBytes: number;
  /** Seconds (not rounded), where ffprobe measured it (videos). */
  durationSec: number | null;
  name: string;
  open(): Promise<Readable>;
}

export interface PublishInput {
  text: string;
  media: MediaFile[];
  /** The post's per-network choices (TikTok's privacy level). */
  options?: PostOptions;
}

export interface RemotePost {
  remoteId: string;
  url: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Called (and awaited) as soon as the network names the post it is creating, before
   * any bytes go up (TikTok's `publish_id`): recorded, it lets a lost answer be settled
   * by a status check instead of a guess.
   */
  onRemoteId?: (remoteId: string) => Promise<void>;
}

/**
 * What Kontora needs from a social network. Each implementation follows the
 * network's documented API; a call a network does not offer throws
 * `SocialError` with code `not_supported`, never a pretended success.
 */
export interface SocialAdapter {
  readonly network: Network;
  /** Whether the authorisation uses PKCE (S256). */
  readonly pkce: boolean;
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string | null }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string | null }): Promise<TokenSet>;
  refresh(tokens: TokenSet): Promise<TokenSet>;
  /** The accounts the token may publish to. */
  accountDetails(tokens: TokenSet): Promise<RemoteAccount[]>;
  /** Uploads one medium (chunked/resumable where the network does so) and answers the network's media id. */
  uploadMedia(account: AccountRef, tokens: TokenSet, media: MediaFile, opts?: CallOptions): Promise<string>;
  publish(
    account: AccountRef,
    tokens: TokenSet,
    input: PublishInput,
    opts?: CallOptions,
  ): Promise<RemotePost>;
  /** Whether a post the network gave this id exists and is live ('processing' while the network still works on it). */
  publishStatus(
    account: AccountRef,
    tokens: TokenSet,
    remoteId: string,
  ): Promise<{
    state: 'published' | 'processing' | 'missing' | 'failed';
    url?: string;
    /** Why a failed post failed, in Kontora's words. */
    code?: SocialErrorCode;
  }>;
  /**
   * A post of this account made since `since` whose text is `text`: how a retry learns that an
   * attempt whose answer was lost did publish (none of these networks takes an idempotency key on create).
   */
  findPublished(
    account: AccountRef,
    tokens: TokenSet,
    input: { since: string; text: string },
  ): Promise<RemotePost | null>;
  remotePostUrl(account: AccountRef, remoteId: string): string;
  /** TikTok only: what the creator may post now (privacy levels, longest video), for the composer. */
  creatorInfo?(tokens: TokenSet): Promise<TikTokCreatorInfo>;
  delete(account: AccountRef, tokens: TokenSet, remoteId: string): Promise<void>;
}

/**
 * Why a call failed, sorted by what the queue does with it:
 * - `transient` (5xx, 429, connection refused): try again after back-off (`retryAfterMs` when the network says);
 * - `unknown` (timeout after the request went out): the post may exist; confirm by status checks, never post again blindly;
 * - `permanent` (validation, expired token, removed permission, not supported): fail at once.
 */
export type SocialErrorKind = 'transient' | 'unknown' | 'permanent';

export type { SocialErrorCode };

/**
 * A failed call in Kontora's words: `code` (one of `SOCIAL_ERROR_CODES`) and the network's
 * HTTP status are all that is stored and shown; `message` is Kontora's own sentence. The
 * network's own words are read to choose the code and then dropped (decision 059).
 */
export class SocialError extends Error {
  readonly kind: SocialErrorKind;
  readonly code: SocialErrorCode;
  readonly retryAfterMs: number | null;
  /** The HTTP status of the network's answer; null when none came or none applies. */
  readonly status: number | null;
  constructor(
    kind: SocialErrorKind,
    code: SocialErrorCode,
    message: string,
    retryAfterMs: number | null = null,
    status: number | null = null,
  ) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
    this.status = status;
  }
}

/** A refusal the network answered, in Kontora's words: the code and the HTTP status, nothing the network wrote. */
export const refusal = (
  kind: SocialErrorKind,
  code: SocialErrorCode,
  status: number | null,
  retryAfterMs: number | null = null,
) =>
  new SocialError(
    kind,
    code,
    `The network refused the call: ${code}${status ? ` (HTTP ${status})` : ''}.`,
    retryAfterMs,
    status,
  );

export const notSupported = (network: string, what: string) =>
  new SocialError(
    'permanent',
    'not_supported',
    `${network}: ${what} is not supported by Kontora's ${network} adapter yet.`,
  );

/** Unix seconds of an ISO time (networks filter their lists by it). */
export const unixSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** Texts equal up to surrounding white space (networks trim what they store). */
export const sameText = (a: string | undefined | null, b: string) => (a ?? '').trim() === b.trim();

export function expiresIn(seconds: unknown, now = Date.now()): string | null {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(now + n * 1000).toISOString() : null;
}
