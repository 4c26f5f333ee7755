import {
  TIKTOK_PRIVACY_LEVELS,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
} from '@kontora/contract/social-posts';
import type { AdapterDeps } from './adapter-deps.ts';
import { api } from './adapter-deps.ts';
import { tiktokErrorOf } from './remote-errors.ts';
import { type MediaFile, SocialError, type TokenSet } from './social-adapter.ts';
import { bearer } from './social-http.ts';

/** TikTok's answer's `data`, or its refusal (the `error.code` envelope, sorted by `tiktokErrorOf`). */
export function checkedTikTok(json: any, status = 200) {
  const code = json?.error?.code;
  if (code && code !== 'ok') throw tiktokErrorOf(status, String(code));
  return json?.data;
}

/** Statuses whose `error.code` says more than the status (a posting cap is a 403, a bad level a 400). */
export const TIKTOK_REFUSALS = [400, 403];

const isLevel = (value: unknown): value is TikTokPrivacyLevel =>
  (TIKTOK_PRIVACY_LEVELS as readonly unknown[]).includes(value);

/**
 * `POST /v2/post/publish/creator_info/query/`: what this creator may post right now. TikTok
 * requires it before every direct post (and for the composer's choices); its answer changes
 * (a creator's account turned private offers no public level).
 */
export async function queryCreatorInfo(
  deps: AdapterDeps,
  tokens: TokenSet,
  signal?: AbortSignal,
): Promise<TikTokCreatorInfo> {
  const { json, status } = await deps.http(api(deps, '/v2/post/publish/creator_info/query/'), {
    method: 'POST',
    headers: bearer(tokens.accessToken),
    body: {},
    accept: TIKTOK_REFUSALS,
    signal,
  });
  const data = checkedTikTok(json, status) ?? {};
  const max = Number(data.max_video_post_duration_sec);
  return {
    privacy_level_options: (Array.isArray(data.privacy_level_options)
      ? data.privacy_level_options
      : []
    ).filter(isLevel),
    max_video_post_duration_sec: Number.isFinite(max) && max > 0 ? max : null,
    nickname: String(data.creator_nickname ?? data.creator_username ?? ''),
  };
}

/**
 * The level this post goes out with: the chosen one if the creator may use it, else (none
 * chosen) public where offered. Anything else fails before a byte is uploaded, with the reason.
 */
export function privacyFor(
  info: TikTokCreatorInfo,
  chosen: TikTokPrivacyLevel | undefined,
): TikTokPrivacyLevel {
  const wanted = chosen ?? 'PUBLIC_TO_EVERYONE';
  if (info.privacy_level_options.includes(wanted)) return wanted;
  throw new SocialError(
    'permanent',
    'privacy_level_unavailable',
    `TikTok offers this account only: ${info.privacy_level_options.join(', ') || 'none'} (asked for ${wanted}).`,
  );
}

/** TikTok refuses a video longer than the creator's limit (it differs per account): say so before uploading. */
export function checkDuration(info: TikTokCreatorInfo, video: MediaFile) {
  const max = info.max_video_post_duration_sec;
  if (max !== null && video.durationSec !== null && video.durationSec > max)
    throw new SocialError(
      'permanent',
      'video_too_long',
      `The video lasts ${Math.round(video.durationSec)} s; this TikTok account may post at most ${max} s.`,
    );
}
