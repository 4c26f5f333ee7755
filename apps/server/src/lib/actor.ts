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

/**
 * The person recorded as author of a change (created_by, updated_by, a timeline
 * entry's author): null when an API key acts, whose name is recorded apart.
 */
export function authorIdOf(actor: Actor): number | null {
  return actor.userId;
}

/** Who changed a row and when, as the repositories stamp it (updated_by / updated_at). */
export function stampOf(actor: Actor, at: string): { userId: number | null; at: string } {
  return { userId: authorIdOf(actor), at };
}

/** Who changed something, as the change feed records it; a person's name, when left out, is read at the time of the change. */
export type ChangeActorRef =
  | { kind: 'user'; id: number; name?: string }
  | { kind: 'api_key'; id: number; name: string }
  | { kind: 'system'; name?: string };

/** The signed-in person with this id. */
export const byUser = (id: number): ChangeActorRef => ({ kind: 'user', id });

/** Whoever acts on a request: the API key (by its name) or the signed-in person. */
export const byActor = (actor: Actor): ChangeActorRef =>
  actor.apiKey
    ? { kind: 'api_key', id: actor.apiKey.id, name: actor.apiKey.name }
    : byAuthor(authorIdOf(actor));

const byAuthor = (userId: number | null): ChangeActorRef =>
  userId === null ? { kind: 'system' } : byUser(userId);

/** The audit actor fields of whoever acts on a request (a person or an API key). */
export const auditActorOf = (actor: Actor) => ({
  actorId: authorIdOf(actor),
  actorKey: actor.apiKey ?? null,
});
