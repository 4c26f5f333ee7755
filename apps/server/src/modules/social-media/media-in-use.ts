import type { Database } from '../../db/database.ts';
import { postNeedingMedia } from '../social-posts/social-posts.service.ts';

/** A post that still needs a medium, named in the refusal to delete it. */
export interface MediaUser {
  postId: number;
  /** How the post is named to people (its text's first words). */
  title: string;
}

/**
 * The scheduled (or otherwise not yet published) post that uses this medium,
 * if any; deleting the medium is then refused with 409 naming the post.
 * Runs inside the delete's transaction, so a post saved meanwhile cannot slip
 * between the check and the delete. Published and failed posts let go of the
 * medium here (their link is removed), so it can be deleted.
 */
export function mediaInUse(db: Database, companyId: number, mediaId: number): Promise<MediaUser | null> {
  return postNeedingMedia(db, companyId, mediaId);
}
