import type { AppContext } from '../../context.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import type { CrmConnector } from './connector.ts';
import type { RemoteOwner } from './connector-deal.ts';
import { ConnectorAuthError, ConnectorRequestError } from './connector-errors.ts';
import type { PullScope } from './connector-pull.ts';

/**
 * A deal's owner across the two sides: a Kontora member and a remote user
 * with the same email (without case). Owners with no counterpart are not
 * synced: they count as no owner in the content hash, and a remote deal
 * whose owner is not a member leaves a Kontora owner without counterpart as
 * it is (docs/decisions/070-connector-deal-depth.md).
 */
export interface OwnerMap {
  /** The member a remote user is, or null. */
  toLocal(remoteId: string | null): number | null;
  /** The remote user a member is, or null. */
  toRemote(userId: number | null): string | null;
  /** The member as the hash sees them: null when the provider has no user of their email. */
  shared(userId: number | null): number | null;
}

export function ownerMap(members: Map<string, number>, owners: RemoteOwner[]): OwnerMap {
  const remoteByEmail = new Map(owners.map((o) => [o.email.toLowerCase(), o.id]));
  const emailOfMember = new Map([...members].map(([email, id]) => [id, email]));
  const memberOfRemote = new Map(
    owners.flatMap((o) => {
      const member = members.get(o.email.toLowerCase());
      return member === undefined ? [] : [[o.id, member] as const];
    }),
  );
  const toRemote = (userId: number | null) => {
    const email = userId === null ? undefined : emailOfMember.get(userId);
    return (email && remoteByEmail.get(email)) ?? null;
  };
  return {
    toLocal: (remoteId) => (remoteId === null ? null : (memberOfRemote.get(remoteId) ?? null)),
    toRemote,
    shared: (userId) => (toRemote(userId) === null ? null : userId),
  };
}

/** The provider's users, or null when it refuses to list them. */
export async function remoteUsersOf(
  client: CrmConnector,
  signal?: AbortSignal,
): Promise<RemoteOwner[] | null> {
  try {
    return await client.deals.owners(signal);
  } catch (err) {
    if (!(err instanceof ConnectorAuthError || err instanceof ConnectorRequestError)) throw err;
    return null;
  }
}

/** The owner map of the connection's company; a provider refusing its users syncs no owners. */
export async function ownersOf(ctx: AppContext, scope: PullScope, signal?: AbortSignal): Promise<OwnerMap> {
  const owners = (await remoteUsersOf(scope.client, signal)) ?? [];
  return ownerMap(await memberIdsByEmail(ctx.db, scope.actor.companyId), owners);
}
