import { z } from 'zod';
import { MEDIA_VARIANTS } from './social-media.ts';
import { SocialNetwork } from './social-posts.ts';

/**
 * Approval links of social posts (decision 023): the author asks
 * for one, the client opens it without signing in, sees the post as each network
 * will show it, and approves or asks for changes.
 */
export const APPROVAL_LIMITS = { commentMax: 2000, linkDays: 7, tokenMax: 100 } as const;

export const ApprovalLink = z.object({
  /** The page the client opens (`<app>/#/approve/<token>`); shown once, only its hash is kept. */
  approval_url: z.string(),
  expires_at: z.string(),
});
export type ApprovalLink = z.infer<typeof ApprovalLink>;

export const ApprovalTokenParams = z.object({ token: z.string().min(1).max(APPROVAL_LIMITS.tokenMax) });

export const PreviewMedium = z.object({
  id: z.number(),
  kind: z.enum(['image', 'video']),
  name: z.string(),
  /** Whether it has a thumbnail (images; videos where the server has ffmpeg): a video's poster. */
  thumbnail: z.boolean(),
});

/** A medium of the post behind the link: its thumbnail (the default, as images show) or, for the player, the file. */
export const ApprovalMediaQuery = z
  .object({ variant: z.enum(MEDIA_VARIANTS, { error: 'invalid_variant' }).default('thumbnail') })
  .strict();

/** One chosen account, with the text that network will carry. */
export const PreviewTarget = z.object({
  network: SocialNetwork,
  account_name: z.string(),
  text: z.string(),
});

/** What the public approval page shows. */
export const ApprovalPreview = z.object({
  company_name: z.string(),
  status: z.enum(['pending']),
  expires_at: z.string(),
  /** null: published as soon as it is approved. */
  scheduled_at: z.string().nullable(),
  time_zone: z.string(),
  targets: z.array(PreviewTarget),
  media: z.array(PreviewMedium),
});
export type ApprovalPreview = z.infer<typeof ApprovalPreview>;

export const ChangeRequestBody = z
  .object({
    comment: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(APPROVAL_LIMITS.commentMax, { error: 'too_long' }),
  })
  .strict();
export type ChangeRequestBody = z.output<typeof ChangeRequestBody>;

export const ApprovalOutcome = z.object({
  status: z.enum(['approved', 'changes_requested']),
  /** When an approved post goes out (null: it is being published now). */
  scheduled_at: z.string().nullable(),
});
export type ApprovalOutcome = z.infer<typeof ApprovalOutcome>;
