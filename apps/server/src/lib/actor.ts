/**
 * Who changes company data, and in which company (built by actorOf in
 * plugins/access.ts): the signed-in person in the company of a company-scoped
 * route, or an API key of that company (decision 013). Services record it
 * (created_by, timeline author, audit, change feed) and scope their queries by
 * companyId.
 */
export interface Actor {
  companyId: number;
  /** The signed-in person; null when an API key acts (a key is nobody's session). */
  userId: number | null;
  /** The API key that acts, when the request carried one; its name is shown as the author. */
  apiKey?: { id: number; name: string } | undefined;
}

/** The person who acts, for rules that only a person can meet (e.g. the team routes, which refuse keys). */
export function personOf(actor: Actor): number {
  if (actor.userId === null) throw new Error('This action needs a signed-in person, not an API key.');
  return actor.userId;
}
