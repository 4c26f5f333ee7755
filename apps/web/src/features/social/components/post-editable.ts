import type { SocialPost } from '@kontora/contract/social-posts';

/**
 * Whether the composer may change a post: a draft, or a post waiting for its time
 * whose accounts were not tried yet (the server's rule for PATCH; it checks again).
 * 'published' when it went out (the composer says so), 'busy' while it goes out or failed.
 */
export function editability(post: Pick<SocialPost, 'status' | 'targets'>): 'editable' | 'published' | 'busy' {
  if (post.status === 'published' || post.targets.some((t) => t.status === 'published')) return 'published';
  if (post.status !== 'draft' && post.status !== 'scheduled') return 'busy';
  const untried = post.targets.every(
    (t) => (t.status === 'draft' || t.status === 'queued') && t.attempts === 0,
  );
  return untried ? 'editable' : 'busy';
}
