import type { Database } from '../../db/database.ts';

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
 * between the check and the delete.
 *
 * Filled in by the posts module (issue 15 item 6, branch social-posts): until
 * posts exist no medium is in use.
 */
export async function mediaInUse(
  _db: Database,
  _companyId: number,
  _mediaId: number,
): Promise<MediaUser | null> {
  return null;
}
