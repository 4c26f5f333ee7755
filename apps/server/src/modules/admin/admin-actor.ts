import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../plugins/access.ts';
import type { TeamActor } from '../members/members.service.ts';

/** The superuser making an admin change, as the team rules see them, with the name other superusers are told. */
export type AdminActor = TeamActor & { name: string };

export function adminActorOf(request: FastifyRequest): AdminActor {
  const { user } = principalOf(request);
  return { id: user.id, isSuperuser: true, role: null, language: user.language, name: user.full_name };
}
