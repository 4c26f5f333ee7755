import type { CompanyRole } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';
import {
  countOwners,
  deleteMembership,
  evictCompanyAccess,
  findMember,
  insertMembership,
  isMember as isMemberRow,
  listMembers,
  lockCompany,
  memberIdsByEmail as memberIdsByEmailRows,
  updateMembershipRole,
} from './members.repository.ts';

/** Whether the person is a member of the company (customer owners and to-do assignees must be). */
export function isMember(db: Database, companyId: number, userId: number): Promise<boolean> {
  return isMemberRow(db, companyId, userId);
}

/**
 * Drops the cached access (role, modules) of a company, for changes to its team
 * made outside inCompanyTransaction; call it after the commit.
 */
export function forgetCompanyAccess(ctx: Pick<AppContext, 'caches'>, companyId: number): void {
  evictCompanyAccess(ctx.caches, companyId);
}

/** Members by lower-case email (CSV import's owner column). */
export function memberIdsByEmail(db: Database, companyId: number): Promise<Map<string, number>> {
  return memberIdsByEmailRows(db, companyId);
}

/**
 * Who changes a team: their role in that company (null when not a member) and
 * whether they are a superuser. Not lib/actor.ts's Actor (a person acting in a
 * company's data): team rules need the role, superuser status and the language for mails.
 */
export interface TeamActor {
  id: number;
  isSuperuser: boolean;
  role: CompanyRole | null;
  language: string;
}

export const emailTaken = () =>
  new AppError(409, 'email_taken', 'Somebody else already uses this email.', {
    details: { email: ['email_taken'] },
  });

const lastOwner = () =>
  new AppError(409, 'conflict', 'A company must keep at least one owner.', {
    details: { role: ['last_owner'] },
  });

/**
 * Only owners and superusers may touch owners: an admin can neither make,
 * demote nor remove one. Members never get here (the route policy stops them).
 */
export function assertMayTouch(
  actor: TeamActor,
  current: CompanyRole | null,
  next: CompanyRole | null,
): void {
  if (actor.isSuperuser || actor.role === 'owner') return;
  if (actor.role === 'admin' && current !== 'owner' && next !== 'owner') return;
  throw forbidden('role_too_low', 'Only owners can change owners.');
}

async function assertNotLastOwner(db: Database, companyId: number, current: CompanyRole): Promise<void> {
  if (current === 'owner' && (await countOwners(db, companyId)) <= 1) throw lastOwner();
}

const snapshot = (m: Pick<Member, 'user_id' | 'email' | 'role'>) => ({
  user_id: m.user_id,
  email: m.email,
  role: m.role,
});

const membershipAudit = (actor: TeamActor, companyId: number, userId: number) => ({
  actorId: actor.id,
  entity: 'membership',
  entityId: userId,
  companyId,
});

// ------------------------------------------------------------ inside a transaction (also used by admin pages)

export async function addMemberIn(
  db: Database,
  actor: TeamActor,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  assertMayTouch(actor, null, role);
  if (!(await lockCompany(db, companyId))) throw notFound('Company');
  if (await findMember(db, companyId, userId)) {
    throw new AppError(409, 'conflict', 'This person is already a member of the company.', {
      details: { user_id: ['already_member'] },
    });
  }
  return insertMemberRecorded(db, actor.id, companyId, userId, role);
}

/**
 * The person joins by their own consent (an accepted invitation, or activating
 * the account an invitation created): the role was granted by whoever invited,
 * so no team rule applies here. Someone already a member keeps their role.
 */
export async function joinCompanyIn(
  db: Database,
  userId: number,
  companyId: number,
  role: CompanyRole,
): Promise<Member> {
  if (!(await lockCompany(db, companyId))) throw notFound('Company');
  const existing = await findMember(db, companyId, userId);
  if (existing) return existing;
  return insertMemberRecorded(db, userId, companyId, userId, role);
}

/** A membership with its audit entry and change-feed row; the rules are the caller's. */
async function insertMemberRecorded(
  db: Database,
  actorId: number,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  await insertMembership(db, { company_id: companyId, user_id: userId, role });
  const member = await findMember(db, companyId, userId);
  if (!member) throw notFound('Person');
  await recordAudit(db, {
    actorId,
    entity: 'membership',
    entityId: userId,
    companyId,
    action: 'membership.add',
    before: null,
    after: snapshot(member),
  });
  await recordChange(db, {
    companyId,
    type: 'member.added',
    entity: { type: 'member', id: userId },
    actor: byUser(actorId),
    data: { ...member },
  });
  return member;
}

export async function changeRoleIn(
  db: Database,
  actor: TeamActor,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  if (!(await lockCompany(db, companyId))) throw notFound('Company');
  const member = await findMember(db, companyId, userId);
  if (!member) throw notFound('Member');
  assertMayTouch(actor, member.role, role);
  if (member.role === role) return member;
  if (role !== 'owner') await assertNotLastOwner(db, companyId, member.role);
  await updateMembershipRole(db, companyId, userId, role);
  const after = { ...member, role };
  await recordAudit(db, {
    ...membershipAudit(actor, companyId, userId),
    action: 'membership.role',
    before: snapshot(member),
    after: snapshot(after),
  });
  await recordChange(db, {
    companyId,
    type: 'member.updated',
    entity: { type: 'member', id: userId },
    actor: byUser(actor.id),
    changes: [{ field: 'role', before: member.role, after: role }],
  });
  return after;
}

export async function removeMemberIn(
  db: Database,
  actor: TeamActor,
  companyId: number,
  userId: number,
): Promise<void> {
  if (!(await lockCompany(db, companyId))) throw notFound('Company');
  const member = await findMember(db, companyId, userId);
  if (!member) throw notFound('Member');
  assertMayTouch(actor, member.role, null);
  await assertNotLastOwner(db, companyId, member.role);
  await deleteMembership(db, companyId, userId);
  await recordAudit(db, {
    ...membershipAudit(actor, companyId, userId),
    action: 'membership.remove',
    before: snapshot(member),
    after: null,
  });
  await recordChange(db, {
    companyId,
    type: 'member.removed',
    entity: { type: 'member', id: userId },
    actor: byUser(actor.id),
    data: { ...member },
  });
}

// ------------------------------------------------------------ one call, one transaction

/** One transaction for a change to one company's team; its cached access is dropped once committed. */
export async function inCompanyTransaction<T>(
  ctx: AppContext,
  companyId: number,
  work: (trx: Database) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction().execute(work);
  evictCompanyAccess(ctx.caches, companyId);
  return result;
}

export function listTeam(ctx: AppContext, companyId: number): Promise<Member[]> {
  return listMembers(ctx.db, companyId);
}

export function addMember(
  ctx: AppContext,
  actor: TeamActor,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  return inCompanyTransaction(ctx, companyId, (trx) => addMemberIn(trx, actor, companyId, userId, role));
}

export function changeRole(
  ctx: AppContext,
  actor: TeamActor,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  return inCompanyTransaction(ctx, companyId, (trx) => changeRoleIn(trx, actor, companyId, userId, role));
}

export function removeMember(ctx: AppContext, actor: TeamActor, companyId: number, userId: number) {
  return inCompanyTransaction(ctx, companyId, (trx) => removeMemberIn(trx, actor, companyId, userId));
}
