import type { SocialErrorCode } from '@kontora/contract/social-posts';
import { refusal, type SocialError } from './social-adapter.ts';

/**
 * A network's refusal sorted into Kontora's codes (decision 059). The networks' documented
 * identifiers decide where they have them (OAuth's `error`, Google's `errors[].reason`,
 * LinkedIn's `code`, Graph's `code`/`error_subcode`, TikTok's `error.code`); X and LinkedIn
 * name a duplicate or an over-long text only in words, so a few patterns of their
 * messages are read too. What the network wrote is then dropped: only the code and the
 * HTTP status leave this file.
 */

/** A field of a JSON value, whatever its shape (an error answer is whatever the network sent). */
const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );
const each = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string');

/** Lower-cased identifiers an error answer carries (OAuth, Google, LinkedIn, X problem types). */
function identifiers(json: unknown): string[] {
  return strings([
    at(json, 'error'),
    at(json, 'code'),
    at(json, 'type'),
    at(json, 'error', 'status'),
    ...each(at(json, 'error', 'errors')).map((e) => at(e, 'reason')),
    ...each(at(json, 'errors')).map((e) => at(e, 'type') ?? at(e, 'code')),
  ]).map((v) => v.toLowerCase());
}

/**
 * The sentences of an X or LinkedIn refusal (`detail`, `message`, `errors[].message`), only
 * to recognise what those networks name in words alone; Google's and TikTok's answers name
 * their reason, so their words are not read.
 */
function words(json: unknown): string {
  const error = at(json, 'error');
  if (error !== null && typeof error === 'object') return '';
  return strings([
    at(json, 'detail'),
    at(json, 'message'),
    at(json, 'title'),
    ...each(at(json, 'errors')).map((e) => at(e, 'message') ?? at(e, 'detail')),
  ])
    .join(' ')
    .toLowerCase();
}

const AUTH_EXPIRED = new Set([
  'invalid_grant',
  'invalid_token',
  'expired_token',
  'autherror',
  'unauthenticated',
  'invalid_access_token',
  'expired_access_token',
  'revoked_access_token',
]);
const PERMISSION = new Set([
  'insufficient_scope',
  'access_denied',
  'insufficientpermissions',
  'forbidden',
  'permission_denied',
  'unauthorized_scope_error',
]);
/** Google's quota reasons: a wait helps (the queue's back-off, then a person's Retry). */
const QUOTA = new Set(['quotaexceeded', 'ratelimitexceeded', 'userratelimitexceeded', 'resource_exhausted']);
const POSTING_CAP = new Set(['uploadlimitexceeded']);
const DUPLICATE = /duplicate/;
const TOO_LONG = /too long|exceeds the maximum length|is longer than/;
const MEDIA = /media|image|video|aspect ratio|thumbnail/;

/** The code of a refusal that is neither a rate limit nor a server error. */
function refusalCode(status: number, json: unknown): { code: SocialErrorCode; transient?: boolean } {
  const ids = identifiers(json);
  const has = (set: Set<string>) => ids.some((id) => set.has(id));
  if (has(AUTH_EXPIRED) || status === 401) return { code: 'auth_expired' };
  if (has(QUOTA)) return { code: 'rate_limited', transient: true };
  if (has(POSTING_CAP)) return { code: 'posting_limit' };
  const text = words(json);
  // X answers a duplicate with 403, so this comes before the permission check.
  if (DUPLICATE.test(text) || ids.includes('duplicate')) return { code: 'duplicate_post' };
  if (has(PERMISSION) || status === 403) return { code: 'permission_denied' };
  // A 404 names a page, post or account gone, not a kind of post the network lacks: it stays `rejected`.
  if (TOO_LONG.test(text)) return { code: 'text_too_long' };
  if (MEDIA.test(text)) return { code: 'media_rejected' };
  // An answer that is not the network's JSON (a proxy's page): what it says is unknown.
  if (json === null || typeof json !== 'object') return { code: 'unknown_answer' };
  return { code: 'rejected' };
}

/** The error a non-2xx answer means for the queue (see SocialErrorKind), in Kontora's words. */
export function errorOf(status: number, json: unknown, retryAfter: number | null): SocialError {
  if (status === 429) return refusal('transient', 'rate_limited', status, retryAfter);
  if (status >= 500) return refusal('transient', 'network_unavailable', status, retryAfter);
  // TikTok's envelope names its reason as a string (Google's and Graph's `error.code` are numbers).
  const tiktokCode = at(json, 'error', 'code');
  if (typeof tiktokCode === 'string') return tiktokErrorOf(status, tiktokCode);
  const { code, transient } = refusalCode(status, json);
  return refusal(transient ? 'transient' : 'permanent', code, status, transient ? retryAfter : null);
}

/** Graph API error codes that mean "slow down" (application, user, page, app and custom rate limits). */
const GRAPH_RATE_LIMIT = new Set([4, 17, 32, 341, 613, 80001]);
/** Graph and Instagram codes of a medium refused (size, resolution, aspect ratio, format, download). */
const GRAPH_MEDIA = (code: number) => (code >= 36000 && code < 37000) || [324, 352, 9004].includes(code);
/** Instagram's publishing subcodes: the posting cap and the spam restriction, and an over-long caption. */
const INSTAGRAM_CAP = new Set([2207042, 2207051]);
const INSTAGRAM_TOO_LONG = new Set([2207010]);

/**
 * A Graph API refusal (Facebook pages and Instagram share it). Graph answers most errors
 * with HTTP 400 and `error.code`: 190/102 an expired or revoked token, 10, 3 and 200–299 a
 * missing permission, the rate-limit codes and `is_transient` worth retrying, 506 a
 * duplicate, 368 a temporary block, 36000–36999 a refused medium.
 */
export function graphErrorOf(status: number, error: unknown): SocialError {
  const code = Number(at(error, 'code'));
  const subcode = Number(at(error, 'error_subcode'));
  if (GRAPH_RATE_LIMIT.has(code)) return refusal('transient', 'rate_limited', status);
  if (at(error, 'is_transient') || code === 1 || code === 2 || code === -1 || code === -2)
    return refusal('transient', 'network_unavailable', status);
  if (code === 190 || code === 102 || status === 401) return refusal('permanent', 'auth_expired', status);
  if (code === 10 || code === 3 || (code >= 200 && code < 300) || status === 403)
    return refusal('permanent', 'permission_denied', status);
  if (code === 506) return refusal('permanent', 'duplicate_post', status);
  if (code === 368 || code === 9 || INSTAGRAM_CAP.has(subcode))
    return refusal('permanent', 'posting_limit', status);
  if (INSTAGRAM_TOO_LONG.has(subcode)) return refusal('permanent', 'text_too_long', status);
  if (GRAPH_MEDIA(code)) return refusal('permanent', 'media_rejected', status);
  if (!error) return refusal('permanent', 'unknown_answer', status);
  return refusal('permanent', 'rejected', status);
}

/**
 * TikTok's refusals in its `error.code` envelope. The posting caps (`spam_risk_*`,
 * `reached_active_user_cap`) are permanent for this attempt: retrying within minutes only
 * meets the same cap, so the person is told and may Retry later.
 */
export function tiktokErrorOf(status: number, code: string): SocialError {
  switch (code) {
    case 'access_token_invalid':
      return refusal('permanent', 'auth_expired', status);
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return refusal('permanent', 'permission_denied', status);
    case 'rate_limit_exceeded':
      return refusal('transient', 'rate_limited', status);
    case 'internal_error':
      return refusal('transient', 'network_unavailable', status);
    case 'privacy_level_option_mismatch':
      return refusal('permanent', 'privacy_level_unavailable', status);
    case 'spam_risk_too_many_posts':
    case 'spam_risk_user_banned_from_posting':
    case 'spam_risk_too_many_pending_share':
    case 'reached_active_user_cap':
      return refusal('permanent', 'posting_limit', status);
    case 'invalid_file_upload':
      return refusal('permanent', 'media_rejected', status);
    default:
      return refusal('permanent', 'rejected', status);
  }
}

/**
 * What a network's "failed" status of a post names (TikTok's `fail_reason`, YouTube's
 * `failureReason`/`rejectionReason`), in Kontora's codes.
 */
export function failedPostCode(reason: string | undefined): SocialErrorCode {
  const r = (reason ?? '').toLowerCase();
  if (r === 'duplicate') return 'duplicate_post';
  if (r === 'auth_removed') return 'auth_expired';
  if (r.startsWith('spam_risk')) return 'posting_limit';
  if (
    /(file_format|duration|frame_rate|picture_size|video_pull|photo_pull)_check_failed|_pull_failed/.test(
      r,
    ) ||
    ['codec', 'conversion', 'emptyfile', 'invalidfile', 'toosmall', 'uploadaborted', 'length'].includes(r)
  )
    return 'media_rejected';
  return 'rejected';
}
