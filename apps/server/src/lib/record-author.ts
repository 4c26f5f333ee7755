import { type Actor, auditActorOf, authorIdOf, byActor, type ChangeActorRef } from './actor.ts';

/**
 * Who writes a record through its write door (customers/customer-writes.ts,
 * deals/deal-writes.ts): a person or API key on a request, or the system (a CRM
 * connector, the own-field search refresh). Each door stamps it on the row, the
 * timeline entry, the change-feed row and the audit, so both build it here.
 */
export interface RecordAuthor {
  companyId: number;
  /** Stamped as created_by / updated_by (null: an API key or the system). */
  userId: number | null;
  change: ChangeActorRef;
  timeline: { author_id: number | null; author_key_name: string | null };
  audit: { actorId: number | null; actorKey: { id: number; name: string } | null };
  /** A system writer's name, kept in the audit of what it deletes. */
  systemName?: string;
}

/** Whoever acts on a request. */
export function authorOfActor(actor: Actor): RecordAuthor {
  return {
    companyId: actor.companyId,
    userId: authorIdOf(actor),
    change: byActor(actor),
    timeline: { author_id: authorIdOf(actor), author_key_name: actor.apiKey?.name ?? null },
    audit: auditActorOf(actor),
  };
}

/** No person and no key (e.g. "HubSpot connector #3"): the name is the timeline's author and the feed's actor. */
export function systemAuthor(companyId: number, name: string): RecordAuthor {
  return {
    companyId,
    userId: null,
    change: { kind: 'system', name },
    timeline: { author_id: null, author_key_name: name },
    audit: { actorId: null, actorKey: null },
    systemName: name,
  };
}
