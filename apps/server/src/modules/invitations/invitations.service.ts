import type { Invitation, InvitationPreview, MyInvitation } from '@kontora/contract/invitations';
import type { InviteMemberBody } from '@kontora/contract/members';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken, isoIn } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  assertMayTouch,
  inCompanyTransaction,
  joinCompanyIn,
  memberIdsByEmail,
  type TeamActor,
} from '../members/members.service.ts';
import { queueInvitationMail } from './invitation-mail.jobs.ts';
import { INVITATION_TTL_MS } from './invitation-ttl.ts';
import {
  findInvitation,
  findInvitationByToken,
  findInvitationFor,
  hasPendingInvitation,
  type InvitationRow,
  insertInvitation,
  listInvitationsFor,
  listPendingInvitations,
  settleInvitation,
} from './invitations.repository.ts';

/** A pending invitation past its expiry reads as expired; nothing has to run to make it so. */
const statusOf = (
  row: { status: InvitationRow['status']; expires_at: string },
  now = new Date().toISOString(),
) => (row.status === 'pending' && row.expires_at <= now ? ('expired' as const) : row.status);

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: statusOf(row),
  expires_at: row.expires_at,
  created_at: row.created_at,
});

const invalidInvitation = () =>
  new AppError(400, 'invalid_token', 'This invitation is invalid, has expired or has already been answered.');
const expired = () =>
  new AppError(409, 'invitation_expired', 'This invitation has expired. Ask for a new one.');
const answered = () => new AppError(409, 'invitation_answered', 'This invitation has already been answered.');

const invitationAudit = (actorId: number, row: Pick<InvitationRow, 'id' | 'company_id'>) => ({
  actorId,
  entity: 'invitation',
  entityId: row.id,
  companyId: row.company_id,
});

// ------------------------------------------------------------ the inviting company

export async function listCompanyInvitations(ctx: AppContext, companyId: number): Promise<Invitation[]> {
  return (await listPendingInvitations(ctx.db, companyId)).map(toInvitation);
}

/**
 * Invites by email. Every path does the same work here (an invitation row, an
 * audit entry, one queued job) and answers the same, so neither the answer nor
 * its timing tells whether the email has an account: the job looks the person
 * up and sends either the invitation or an activation mail (decision 011).
 * Only a current member or a pending invitation is refused: both are on the
 * team screen already.
 */
export async function inviteByEmail(
  ctx: AppContext,
  actor: TeamActor,
  companyId: number,
  body: InviteMemberBody,
): Promise<Invitation> {
  assertMayTouch(actor, null, body.role);
  const row = await inCompanyTransaction(ctx, companyId, async (trx) => {
    if (await isMemberByEmail(trx, companyId, body.email)) {
      throw new AppError(409, 'conflict', 'This person is already a member of the company.', {
        details: { email: ['already_member'] },
      });
    }
    if (await hasPendingInvitation(trx, companyId, body.email)) {
      throw new AppError(409, 'conflict', 'This email already has a pending invitation.', {
        details: { email: ['already_invited'] },
      });
    }
    const created = await insertInvitation(trx, {
      company_id: companyId,
      email: body.email,
      role: body.role,
      invited_by: actor.id,
      expires_at: isoIn(INVITATION_TTL_MS),
      language: body.language ?? actor.language,
    });
    await recordAudit(trx, {
      ...invitationAudit(actor.id, created),
      action: 'invitation.create',
      before: null,
      after: { email: created.email, role: created.role },
    });
    await queueInvitationMail(ctx, trx, created, {
      full_name: body.full_name,
      language: created.language ?? actor.language,
    });
    return created;
  });
  return toInvitation(row);
}

async function isMemberByEmail(db: Database, companyId: number, email: string): Promise<boolean> {
  return (await memberIdsByEmail(db, companyId)).has(email);
}

async function pendingOf(db: Database, companyId: number, id: number): Promise<InvitationRow> {
  const row = await findInvitation(db, companyId, id);
  if (row?.status !== 'pending') throw notFound('Invitation');
  return row;
}

export async function revokeInvitation(ctx: AppContext, actor: TeamActor, companyId: number, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await pendingOf(trx, companyId, id);
    assertMayTouch(actor, null, row.role);
    if (!(await settleInvitation(trx, companyId, id, 'revoked'))) throw notFound('Invitation');
    await recordAudit(trx, {
      ...invitationAudit(actor.id, row),
      action: 'invitation.revoke',
      before: { email: row.email, role: row.role, status: 'pending' },
      after: { email: row.email, role: row.role, status: 'revoked' },
    });
  });
}

/** A new link and a new 14 days (also for an expired one); the earlier link stops working. */
export async function resendInvitation(
  ctx: AppContext,
  actor: TeamActor,
  companyId: number,
  id: number,
): Promise<Invitation> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await pendingOf(trx, companyId, id);
    assertMayTouch(actor, null, found.role);
    const renewed = { ...found, expires_at: isoIn(INVITATION_TTL_MS) };
    // The invitation's own language, not the language of whoever re-sends it.
    await queueInvitationMail(ctx, trx, renewed, { language: found.language ?? actor.language });
    return renewed;
  });
  return toInvitation(row);
}

// ------------------------------------------------------------ the invited person

type Invitee = { id: number; email: string };

const toMine = (row: Awaited<ReturnType<typeof findInvitationFor>> & {}): MyInvitation => ({
  id: row.id,
  company_id: row.company_id,
  company_name: row.company_name,
  role: row.role,
  status: statusOf(row),
  invited_by: row.invited_by,
  expires_at: row.expires_at,
});

export async function listMyInvitations(ctx: AppContext, me: Invitee): Promise<MyInvitation[]> {
  return (await listInvitationsFor(ctx.db, me.email.toLowerCase(), ctx.clock.nowIso())).map(toMine);
}

/**
 * Accepts or declines one of the person's own invitations. Someone else's (by
 * id or by another company) is 404: the list is the person's own.
 */
export async function answerMyInvitation(
  ctx: AppContext,
  me: Invitee,
  id: number,
  answer: 'accept' | 'decline',
): Promise<MyInvitation> {
  const row = await findInvitationFor(ctx.db, me.email.toLowerCase(), id);
  if (!row) throw notFound('Invitation');
  return answer === 'accept' ? accept(ctx, me, row) : decline(ctx, me, row);
}

async function accept(
  ctx: AppContext,
  me: Invitee,
  row: Parameters<typeof toMine>[0],
): Promise<MyInvitation> {
  assertOpen(row);
  await inCompanyTransaction(ctx, row.company_id, async (trx) => {
    if (!(await settleInvitation(trx, row.company_id, row.id, 'accepted'))) throw answered();
    await joinCompanyIn(trx, me.id, row.company_id, row.role);
    await recordAudit(trx, {
      ...invitationAudit(me.id, row),
      action: 'invitation.accept',
      before: null,
      after: null,
    });
  });
  return { ...toMine(row), status: 'accepted' };
}

async function decline(
  ctx: AppContext,
  me: Invitee,
  row: Parameters<typeof toMine>[0],
): Promise<MyInvitation> {
  assertOpen(row);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await settleInvitation(trx, row.company_id, row.id, 'declined'))) throw answered();
    await recordAudit(trx, {
      ...invitationAudit(me.id, row),
      action: 'invitation.decline',
      before: null,
      after: null,
    });
  });
  return { ...toMine(row), status: 'declined' };
}

function assertOpen(row: { status: InvitationRow['status']; expires_at: string }): void {
  const status = statusOf(row);
  if (status === 'expired') throw expired();
  if (status !== 'pending') throw answered();
}

// ------------------------------------------------------------ a mail link

async function byToken(ctx: AppContext, token: string) {
  const row = await findInvitationByToken(ctx.db, hashToken(token));
  if (!row || statusOf(row) !== 'pending') throw invalidInvitation();
  return row;
}

/** What the link opens, for anyone holding it: the company and the role, not the email. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const { id: _id, ...preview } = toMine(await byToken(ctx, token));
  return preview;
}

/**
 * Answers by the mail link, signed in as the person it was sent to; a link
 * opened by another account is refused as if it were invalid. The link works
 * once: answering clears its token.
 */
export async function answerByToken(
  ctx: AppContext,
  me: Invitee,
  token: string,
  answer: 'accept' | 'decline',
): Promise<MyInvitation> {
  const row = await byToken(ctx, token);
  if (row.email !== me.email.toLowerCase()) throw invalidInvitation();
  return answer === 'accept' ? accept(ctx, me, row) : decline(ctx, me, row);
}

/**
 * Activating an account that invitations created is the person's consent to
 * those invitations: they land in the companies that invited them, as before
 * invitations needed an answer (decision 011).
 */
export async function acceptOnActivation(ctx: AppContext, me: Invitee): Promise<void> {
  for (const row of await listInvitationsFor(ctx.db, me.email.toLowerCase(), ctx.clock.nowIso())) {
    await accept(ctx, me, row).catch((err: unknown) => {
      // Answered meanwhile (another tab): nothing left to do for this one.
      if (!(err instanceof AppError && err.status === 409)) throw err;
    });
  }
}
