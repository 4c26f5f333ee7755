import type {
  AdminUser,
  AdminUsersData,
  AdminUsersQuery,
  InviteUserBody,
  UpdateUserBody,
} from '@kontora/contract/admin';
import type { CompanyRole } from '@kontora/contract/limits';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { changedFields, recordAudit } from '../audit/audit.service.ts';
import { sendActivationMail } from '../auth/auth.service.ts';
import { endSessionsOf } from '../auth/session.service.ts';
import {
  addMemberIn,
  changeRoleIn,
  emailTaken,
  forgetCompanyAccess,
  removeMemberIn,
  type TeamActor,
} from '../members/members.service.ts';
import { createInvitedAccount } from '../users/users.service.ts';
import type { AdminActor } from './admin-actor.ts';
import { existingCompanyIds } from './admin-companies.repository.ts';
import {
  type AdminUserRow,
  countActiveSuperusersLocked,
  evictSessionsOf,
  findAdminUser,
  findUserIdByEmail,
  hasPassword,
  listMembershipsOfUser,
  listUsers,
  updateUserAsAdmin,
} from './admin-users.repository.ts';

type MembershipInput = { company_id: number; role: CompanyRole };

const conflict = (message: string, field: string, reason: string) =>
  new AppError(409, 'conflict', message, { details: { [field]: [reason] } });

/** What the audit log keeps of a person (never the password hash). */
const snapshot = (u: Pick<AdminUserRow, 'email' | 'full_name' | 'is_admin' | 'status' | 'language'>) => ({
  email: u.email,
  full_name: u.full_name,
  is_admin: u.is_admin,
  status: u.status,
  language: u.language,
});

const userAudit = (actor: TeamActor, userId: number) => ({
  actorId: actor.id,
  entity: 'user',
  entityId: userId,
  companyId: null,
});

async function assertCompaniesExist(db: Database, memberships: MembershipInput[]): Promise<void> {
  const found = await existingCompanyIds(
    db,
    memberships.map((m) => m.company_id),
  );
  const details: Record<string, string[]> = {};
  memberships.forEach((m, i) => {
    if (!found.has(m.company_id)) details[`memberships.${i}.company_id`] = ['not_found'];
  });
  if (Object.keys(details).length) {
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details });
  }
}

/** The last active superuser keeps the flag and stays enabled: someone must be able to run the platform. */
async function assertNotLastSuperuser(db: Database, user: AdminUserRow, field: string): Promise<void> {
  if (!user.is_admin || user.status !== 'active') return;
  if ((await countActiveSuperusersLocked(db)) <= 1) {
    throw conflict('There must be at least one active superuser.', field, 'last_superuser');
  }
}

export async function listAdminUsers(
  ctx: AppContext,
  query: z.infer<typeof AdminUsersQuery>,
): Promise<AdminUsersData> {
  return listUsers(ctx.db, query);
}

export async function getAdminUser(ctx: AppContext, id: number): Promise<AdminUser> {
  const user = await findAdminUser(ctx.db, id);
  if (!user) throw notFound('Person');
  return { ...user, memberships: await listMembershipsOfUser(ctx.db, id) };
}

/** Creates an invited account with its memberships and mails the activation link. */
export async function inviteUser(
  ctx: AppContext,
  actor: AdminActor,
  body: InviteUserBody,
): Promise<AdminUser> {
  const language = body.language ?? actor.language;
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (await findUserIdByEmail(trx, body.email)) throw emailTaken();
    await assertCompaniesExist(trx, body.memberships);
    const userId = await createInvitedAccount(trx, {
      email: body.email,
      full_name: body.full_name,
      is_admin: body.is_admin,
      language,
    });
    if (userId === null) throw emailTaken();
    await recordAudit(trx, {
      ...userAudit(actor, userId),
      action: 'user.invite',
      before: null,
      after: {
        ...snapshot({ ...body, status: 'invited', language }),
        memberships: body.memberships,
      },
    });
    for (const m of body.memberships) await addMemberIn(trx, actor, m.company_id, userId, m.role);
    await sendActivationMail(ctx, trx, { id: userId });
    return userId;
  });
  for (const m of body.memberships) forgetCompanyAccess(ctx, m.company_id);
  ctx.adminNotices.notify({ kind: 'user.created', id, actorName: actor.name });
  return getAdminUser(ctx, id);
}

/** Name, language, superuser flag; `memberships` replaces all of them (each change audited per company). */
export async function updateAdminUser(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  body: UpdateUserBody,
): Promise<AdminUser> {
  const touched = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAdminUser(trx, id);
    if (!current) throw notFound('Person');
    if (body.is_admin === false) await assertNotLastSuperuser(trx, current, 'is_admin');
    const next = {
      ...current,
      ...(body.full_name !== undefined && { full_name: body.full_name }),
      ...(body.is_admin !== undefined && { is_admin: body.is_admin }),
      ...(body.language !== undefined && { language: body.language }),
    };
    const diff = changedFields(snapshot(current), snapshot(next));
    if (diff) {
      await updateUserAsAdmin(trx, ctx.caches, id, diff.after);
      await recordAudit(trx, { ...userAudit(actor, id), action: 'user.update', ...diff });
    }
    return body.memberships ? replaceMemberships(trx, actor, id, body.memberships) : [];
  });
  evictSessionsOf(ctx.caches, id);
  for (const companyId of touched) forgetCompanyAccess(ctx, companyId);
  ctx.adminNotices.notify({ kind: 'user.updated', id, actorName: actor.name });
  return getAdminUser(ctx, id);
}

async function replaceMemberships(
  db: Database,
  actor: TeamActor,
  userId: number,
  wanted: MembershipInput[],
): Promise<number[]> {
  await assertCompaniesExist(db, wanted);
  const current = new Map((await listMembershipsOfUser(db, userId)).map((m) => [m.company_id, m.role]));
  const wantedIds = new Set(wanted.map((m) => m.company_id));
  for (const companyId of current.keys()) {
    if (!wantedIds.has(companyId)) await removeMemberIn(db, actor, companyId, userId);
  }
  for (const m of wanted) {
    const role = current.get(m.company_id);
    if (role === undefined) await addMemberIn(db, actor, m.company_id, userId, m.role);
    else if (role !== m.role) await changeRoleIn(db, actor, m.company_id, userId, m.role);
  }
  return [...new Set([...current.keys(), ...wantedIds])];
}

/** Disables the account and ends all of its sessions at once. */
export async function disableUser(ctx: AppContext, actor: AdminActor, id: number): Promise<AdminUser> {
  if (id === actor.id)
    throw conflict('You cannot disable your own account.', 'status', 'cannot_disable_self');
  const disabled = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAdminUser(trx, id);
    if (!current) throw notFound('Person');
    if (current.status === 'disabled') return false;
    await assertNotLastSuperuser(trx, current, 'status');
    await updateUserAsAdmin(trx, ctx.caches, id, { status: 'disabled' });
    await endSessionsOf(trx, ctx.caches, id);
    await recordAudit(trx, {
      ...userAudit(actor, id),
      action: 'user.disable',
      before: { status: current.status },
      after: { status: 'disabled' },
    });
    return true;
  });
  // Evicted again after commit: a request between the eviction and the commit may have cached the old state.
  await endSessionsOf(ctx.db, ctx.caches, id);
  if (disabled) ctx.adminNotices.notify({ kind: 'user.disabled', id, actorName: actor.name });
  return getAdminUser(ctx, id);
}

/** Back to active, or to invited for someone who never activated their account. */
export async function enableUser(ctx: AppContext, actor: AdminActor, id: number): Promise<AdminUser> {
  const enabled = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAdminUser(trx, id);
    if (!current) throw notFound('Person');
    if (current.status !== 'disabled') return false;
    const status = (await hasPassword(trx, id)) ? 'active' : 'invited';
    await updateUserAsAdmin(trx, ctx.caches, id, { status });
    await recordAudit(trx, {
      ...userAudit(actor, id),
      action: 'user.enable',
      before: { status: current.status },
      after: { status },
    });
    return true;
  });
  evictSessionsOf(ctx.caches, id);
  if (enabled) ctx.adminNotices.notify({ kind: 'user.enabled', id, actorName: actor.name });
  return getAdminUser(ctx, id);
}

/** A new activation link; every earlier one stops working. Only for people who have not activated yet. */
export async function resendInvitation(ctx: AppContext, actor: TeamActor, id: number): Promise<void> {
  const user = await findAdminUser(ctx.db, id);
  if (!user) throw notFound('Person');
  if (user.status !== 'invited') {
    throw conflict('This person has already activated their account.', 'status', 'not_invited');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await sendActivationMail(ctx, trx, user);
    await recordAudit(trx, {
      ...userAudit(actor, id),
      action: 'user.resend_invitation',
      before: null,
      after: { email: user.email },
    });
  });
}
