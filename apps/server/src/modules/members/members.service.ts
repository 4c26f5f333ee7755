import type { CompanyRole } from '@kontora/contract/limits';
import type { InviteMemberBody, Member } from '@kontora/contract/members';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sendActivationMail } from '../auth/auth.service.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';
import { createInvitedAccount } from '../users/users.service.ts';
import {
  countOwners,
  deleteMembership,
  evictCompanyAccess,
  findMember,
  findUserIdentity,
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
export function forgetCompanyAccess(companyId: number): void {
  evictCompanyAccess(companyId);
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
function assertMayTouch(actor: TeamActor, current: CompanyRole | null, next: CompanyRole | null): void {
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
  await insertMembership(db, { company_id: companyId, user_id: userId, role });
  const member = await findMember(db, companyId, userId);
  if (!member) throw notFound('Person');
  await recordAudit(db, {
    ...membershipAudit(actor, companyId, userId),
    action: 'membership.add',
    before: null,
    after: snapshot(member),
  });
  await recordChange(db, {
    companyId,
    type: 'member.added',
    entity: { type: 'member', id: userId },
    actor: byUser(actor.id),
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
  evictCompanyAccess(companyId);
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

/**
 * Adds a person by email. Someone with an account (in any state) is added as
 * they are; anyone else gets an invited account and an activation mail in the
 * inviter's language.
 */
export async function inviteMember(
  ctx: AppContext,
  actor: TeamActor,
  companyId: number,
  body: InviteMemberBody,
): Promise<Member> {
  assertMayTouch(actor, null, body.role);
  const { member } = await inCompanyTransaction(ctx, companyId, async (trx) => {
    const existing = await findUserIdentity(trx, body.email);
    if (existing) {
      const added = await addMemberIn(trx, actor, companyId, existing.id, body.role).catch((err: unknown) => {
        // Adding by email: name the field the person typed.
        if (err instanceof AppError && err.details?.user_id) {
          throw new AppError(409, 'conflict', err.message, { details: { email: ['already_member'] } });
        }
        throw err;
      });
      return { member: added, invited: false };
    }
    const language = actor.language;
    const fullName = body.full_name ?? body.email.split('@')[0] ?? body.email;
    const userId = await createInvitedAccount(trx, {
      email: body.email,
      full_name: fullName,
      is_admin: false,
      language,
    });
    if (userId === null) throw emailTaken();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.invite',
      entity: 'user',
      entityId: userId,
      companyId,
      before: null,
      after: { email: body.email, full_name: fullName, is_admin: false, status: 'invited', language },
    });
    const added = await addMemberIn(trx, actor, companyId, userId, body.role);
    // In the transaction: the mail is sent exactly when the invitation commits.
    await sendActivationMail(ctx, trx, { id: userId });
    return { member: added, invited: true };
  });
  return member;
}
