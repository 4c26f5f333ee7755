/**
 * The post statuses of ./social-posts.ts without zod and twitter-text, for the social screen's
 * post list, which opens first (docs/decisions/087-phone-pages-load-forms-on-use.md).
 */
export const POST_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'published',
  'partly_failed',
  'failed',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
