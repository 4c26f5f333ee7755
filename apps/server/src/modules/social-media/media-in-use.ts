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
 * between the check and the delete. The posts answer it (`postNeedingMedia`,
 * which also lets finished posts release the medium); app.ts hands it to the
 * media routes, so the media library does not depend on the posts that use it
 * (docs/decisions/033-module-boundaries.md).
 */
export type MediaInUse = (db: Database, companyId: number, mediaId: number) => Promise<MediaUser | null>;
