import twitterText from 'twitter-text';
import { z } from 'zod';
import { Cursor, Id, isInDateRange } from './fields.ts';
import type { SocialIntegrationType } from './helpers.ts';
import { POST_STATUSES } from './social-post-values.ts';

/**
 * Social accounts, posts and their publishing (decision 016), under
 * `/api/companies/{companyId}/social/…`. The composer (web) and the server run the
 * same per-network rules (`postProblems`), so what the composer shows as you type
 * is what the server refuses.
 */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'x', 'tiktok', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SocialNetwork = z.enum(SOCIAL_NETWORKS, { error: 'invalid_type' });

export const ACCOUNT_STATUSES = ['active', 'reconnect_needed'] as const;
export { POST_STATUSES, type PostStatus } from './social-post-values.ts';
export const TARGET_STATUSES = [
  'draft',
  'queued',
  'publishing',
  'published',
  'unconfirmed',
  'failed',
] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/**
 * Kontora's words for why a call to a network failed (decision 059): every refusal,
 * whatever the network said, is one of these plus the HTTP status.
 */
export const SOCIAL_ERROR_CODES = [
  'auth_expired',
  'permission_denied',
  'rate_limited',
  'posting_limit',
  'network_unavailable',
  'timeout',
  'not_confirmed',
  'duplicate_post',
  'text_too_long',
  'media_rejected',
  'media_failed',
  'video_too_long',
  'privacy_level_unavailable',
  'not_supported',
  'rejected',
  'unknown_answer',
  'private_address',
  'invalid_address',
  'internal',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];
export const isSocialErrorCode = (value: unknown): value is SocialErrorCode =>
  (SOCIAL_ERROR_CODES as readonly unknown[]).includes(value);

export const SOCIAL_LIMITS = { textMax: 70_000, accountsMax: 20, pageDefault: 25, pageMax: 100 } as const;

export const SocialAccount = z.object({
  id: z.number(),
  type: SocialNetwork,
  name: z.string(),
  handle: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  /**
   * Why the account needs reconnecting: one of `SOCIAL_ERROR_CODES`, which the app translates
   * (`social.reasons.<code>`); never the network's own words (decision 059).
   */
  last_error: z.string().nullable(),
  token_expires_at: z.string().nullable(),
  /**
   * When the connection ends for good unless someone connects it again, where the network
   * states it (the refresh token's expiry, or the access token's when there is nothing to
   * refresh with); null when the network states none.
   */
  reconnect_by: z.string().nullable(),
  created_at: z.string(),
});
export type SocialAccount = z.infer<typeof SocialAccount>;
/** An account whose `reconnect_by` is this close is shown, and its owners mailed, as expiring. */
export const RECONNECT_NOTICE_MS = 7 * 86_400_000;
export const SocialAccountList = z.object({ items: z.array(SocialAccount) });

export const ConnectBody = z.object({ type: SocialNetwork }).strict();
export const ConnectAnswer = z.object({ authorize_url: z.string() });

const Text = z.string().max(SOCIAL_LIMITS.textMax, { error: 'too_long' });
const Overrides = z.partialRecord(SocialNetwork, Text);

/** Who may see a TikTok post: TikTok lists which of these a creator may choose (creator info). */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** Per-network choices beyond the text: TikTok's privacy level (absent: public, where the creator may post publicly). */
export const PostOptions = z
  .object({
    tiktok: z
      .object({ privacy_level: z.enum(TIKTOK_PRIVACY_LEVELS, { error: 'invalid_privacy_level' }) })
      .strict()
      .optional(),
  })
  .strict();
export type PostOptions = z.infer<typeof PostOptions>;

/** What TikTok's creator info says of an account right now: the composer offers these choices. */
export const TikTokCreatorInfo = z.object({
  privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  max_video_post_duration_sec: z.number().nullable(),
  nickname: z.string(),
});
export type TikTokCreatorInfo = z.infer<typeof TikTokCreatorInfo>;

export const PostCreateBody = z
  .object({
    text: Text,
    /** Text for one network instead of `text`. */
    overrides: Overrides.optional(),
    options: PostOptions.optional(),
    media_ids: z.array(Id).max(20).default([]),
    account_ids: z.array(Id).min(1, { error: 'required' }).max(SOCIAL_LIMITS.accountsMax),
    /** An instant with its offset (the composer converts the company-zone time); null or absent: now. */
    scheduled_at: z.iso.datetime({ offset: true, error: 'invalid_datetime' }).nullable().optional(),
    draft: z.boolean().optional(),
  })
  .strict();
export type PostCreateBody = z.output<typeof PostCreateBody>;

/**
 * Changes a draft or a scheduled post (a post being published or published is not changed):
 * any subset of the fields plus the `version` last read; a stale version answers 409 `stale_update`.
 */
export const PostUpdateBody = PostCreateBody.partial()
  .extend({ version: z.number({ error: 'required' }).int().min(1) })
  .strict();
export type PostUpdateBody = z.output<typeof PostUpdateBody>;

export const PostTarget = z.object({
  id: z.number(),
  account_id: z.number(),
  account_name: z.string(),
  network: SocialNetwork,
  status: z.enum(TARGET_STATUSES),
  remote_url: z.string().nullable(),
  attempts: z.number(),
  /**
   * Why the last attempt failed: one of `SOCIAL_ERROR_CODES`, which the app translates
   * (`social.reasons.<code>`), and the HTTP status the network answered with, when it
   * answered. The network's own message is never stored nor shown (decision 059).
   */
  error_code: z.string().nullable(),
  error_status: z.number().int().nullable(),
  published_at: z.string().nullable(),
});
export type PostTarget = z.infer<typeof PostTarget>;

export const PostHistoryEntry = z.object({
  id: z.number(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  actor_id: z.number().nullable(),
  created_at: z.string(),
});

export const SocialPost = z.object({
  id: z.number(),
  text: z.string(),
  overrides: Overrides,
  options: PostOptions,
  status: z.enum(POST_STATUSES),
  scheduled_at: z.string().nullable(),
  /** The company's zone when the time was chosen (daylight-saving changes land right). */
  time_zone: z.string(),
  media_ids: z.array(z.number()),
  targets: z.array(PostTarget),
  created_by: z.number().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SocialPost = z.infer<typeof SocialPost>;
/** The post's latest approval link (decision 023); `expired` is a pending link past its time. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'changes_requested', 'replaced', 'expired'] as const;
export const PostApprovalState = z.object({
  status: z.enum(APPROVAL_STATUSES),
  /** What the client asked to change. */
  comment: z.string().nullable(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type PostApprovalState = z.infer<typeof PostApprovalState>;

export const SocialPostDetail = SocialPost.extend({
  history: z.array(PostHistoryEntry),
  approval: PostApprovalState.nullable(),
});
export type SocialPostDetail = z.infer<typeof SocialPostDetail>;

export const PostListQuery = z
  .object({
    status: z.enum(POST_STATUSES, { error: 'invalid_status' }).optional(),
    account_id: Id.optional(),
    network: SocialNetwork.optional(),
    /** Posts written by this person. */
    author_id: Id.optional(),
    /** The post's date (its schedule, else when it was written) on or after this instant. */
    from: z.iso
      .datetime({ offset: true, error: 'invalid_datetime' })
      .refine(isInDateRange, { error: 'date_out_of_range' })
      .optional(),
    /** … and before this instant. */
    to: z.iso
      .datetime({ offset: true, error: 'invalid_datetime' })
      .refine(isInDateRange, { error: 'date_out_of_range' })
      .optional(),
    /** `newest` (default): newest first; `scheduled`: soonest scheduled time first, posts without one left out. */
    sort: z.enum(['newest', 'scheduled'], { error: 'invalid_filter' }).default('newest'),
    limit: z.coerce.number().int().min(1).max(SOCIAL_LIMITS.pageMax).default(SOCIAL_LIMITS.pageDefault),
    cursor: Cursor(200).optional(),
  })
  .strict();
export type PostListQuery = z.output<typeof PostListQuery>;
export const PostPage = z.object({ items: z.array(SocialPost), next_cursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/** What the rules need to know of a medium. */
export interface MediumFacts {
  kind: 'image' | 'video';
  mime: string;
  size: number;
  /** Milliseconds, when known. */
  duration: number | null;
}

/** Networks that mix photos and a video in one post (Instagram carousels); the others take photos or one video. */
const MIXES_MEDIA: ReadonlySet<string> = new Set(['instagram']);

/** The text's length as the network counts it: X by its weighted rules (URLs 23, CJK 2), others by characters. */
export function textLength(network: string, text: string): number {
  if (network === 'x') return twitterText.parseTweet(text).weightedLength;
  return [...text].length;
}

export type NetworkRules = Pick<
  SocialIntegrationType,
  | 'key'
  | 'text_limit'
  | 'max_media'
  | 'image_max_bytes'
  | 'video_max_bytes'
  | 'video_max_seconds'
  | 'media_types'
  | 'requires_media'
>;

/**
 * Every rule a post breaks on each chosen network: `networks.<key>` lists codes
 * (`text_too_long`, `too_many_media`, `media_type`, `mixed_media`, `media_required`,
 * `image_too_large`, `video_too_large`, `video_too_long`); the text field that is too
 * long (`text` or `overrides.<key>`) gets `too_long`. Empty when the post is fine.
 */
export function postProblems(input: {
  text: string;
  overrides?: Partial<Record<string, string>> | undefined;
  media: MediumFacts[];
  networks: NetworkRules[];
}): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, code: string) => {
    const list = problems[field] ?? [];
    if (!list.includes(code)) problems[field] = [...list, code];
  };
  for (const network of input.networks) {
    const field = `networks.${network.key}`;
    const override = input.overrides?.[network.key];
    const text = override ?? input.text;
    if (textLength(network.key, text) > network.text_limit) {
      add(field, 'text_too_long');
      add(override === undefined ? 'text' : `overrides.${network.key}`, 'too_long');
    }
    const { media } = input;
    if (media.length > network.max_media) add(field, 'too_many_media');
    if (network.requires_media && media.length === 0) add(field, 'media_required');
    const videos = media.filter((m) => m.kind === 'video').length;
    if (videos > 0 && media.length > 1 && !MIXES_MEDIA.has(network.key)) add(field, 'mixed_media');
    for (const medium of media) {
      if (!network.media_types.includes(medium.mime)) add(field, 'media_type');
      else if (medium.kind === 'image' && medium.size > network.image_max_bytes)
        add(field, 'image_too_large');
      else if (medium.kind === 'video' && medium.size > network.video_max_bytes)
        add(field, 'video_too_large');
      if (
        medium.kind === 'video' &&
        medium.duration !== null &&
        medium.duration > network.video_max_seconds * 1000
      ) {
        add(field, 'video_too_long');
      }
    }
  }
  return problems;
}
