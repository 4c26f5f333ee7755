import type { Actor } from '../../lib/actor.ts';
import { authorIdOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { auditActorOf } from '../audit/audit.service.ts';
import { byActor, type ChangeActorRef } from '../change-feed/change-feed.service.ts';

/** Who writes deals, as the write door records them (deal-writes.ts). */
export interface DealAuthor {
  companyId: number;
  userId: number | null;
  change: ChangeActorRef;
  timeline: { author_id: number | null; author_key_name: string | null };
  audit: { actorId: number | null; actorKey: { id: number; name: string } | null };
}

export function dealAuthorOf(actor: Actor): DealAuthor {
  return {
    companyId: actor.companyId,
    userId: authorIdOf(actor),
    change: byActor(actor),
    timeline: { author_id: authorIdOf(actor), author_key_name: actor.apiKey?.name ?? null },
    audit: auditActorOf(actor),
  };
}

/** No person and no key (e.g. the own-field search refresh): the name is the timeline's author and the feed's actor. */
export function systemDealAuthor(companyId: number, name: string): DealAuthor {
  return {
    companyId,
    userId: null,
    change: { kind: 'system', name },
    timeline: { author_id: null, author_key_name: name },
    audit: { actorId: null, actorKey: null },
  };
}

export const staleDeal = () =>
  new AppError(409, 'stale_update', 'Someone else changed this deal meanwhile. Reload it and try again.');
