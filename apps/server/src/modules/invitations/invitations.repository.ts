import type { CompanyRole } from '@kontora/contract/limits';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';

export type InvitationRow = {
  id: number;
  company_id: number;
  email: string;
  role: CompanyRole;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
  expires_at: string;
  created_at: string;
  /** Null on invitations from before migration 023. */
  language: string | null;
};

const columns = [
  'id',
  'company_id',
  'email',
  'role',
  'status',
  'expires_at',
  'created_at',
  'language',
] as const;
const mine = [
  'i.id',
  'i.company_id',
  'c.name as company_name',
  'i.role',
  'i.status',
  'u.full_name as invited_by',
  'i.expires_at',
] as const;

export async function insertInvitation(
  db: Database,
  values: {
    company_id: number;
    email: string;
    role: CompanyRole;
    invited_by: number;
    expires_at: string;
    language: string;
  },
): Promise<InvitationRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('company_invitations')
    .values({ ...values, status: 'pending', created_at: now, updated_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function findInvitation(
  db: Database,
  companyId: number,
  id: number,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('company_invitations')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The company's open invitations (pending, also those past their expiry, which can be re-sent). */
export function listPendingInvitations(db: Database, companyId: number): Promise<InvitationRow[]> {
  return db
    .selectFrom('company_invitations')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function hasPendingInvitation(db: Database, companyId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_invitations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .where('email', '=', email)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the status of a pending invitation; answers whether it was still pending (one answer wins a race). */
export async function settleInvitation(
  db: Database,
  companyId: number,
  id: number,
  status: 'accepted' | 'declined' | 'revoked',
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('company_invitations')
    .set({ status, responded_at: now, updated_at: now, token_hash: null })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link (the earlier one stops working) and, on a re-send, a new expiry. */
export async function setInvitationLink(
  db: Database,
  companyId: number,
  id: number,
  values: { token_hash: string | null; expires_at?: string },
): Promise<void> {
  await db
    .updateTable('company_invitations')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

// ------------------------------------------------------------ the invited person's side (across companies)

/**
 * An invitation with its company and inviter, as the invited person sees it,
 * across companies: a question about the person, as memberships are.
 */
function personSide(db: Database, reason: string) {
  return crossCompany(db, reason)
    .selectFrom('company_invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(mine);
}

/** The person's pending invitations from every active company. */
export function listInvitationsFor(db: Database, email: string, now: string) {
  return personSide(db, "a person's own invitations come from any company")
    .where('i.email', '=', email)
    .where('i.status', '=', 'pending')
    .where('i.expires_at', '>', now)
    .where('c.is_active', '=', true)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** One invitation to this email by id, from whichever company sent it. */
export function findInvitationFor(db: Database, email: string, id: number) {
  return personSide(db, 'the invited person answers an invitation of any company')
    .where('i.email', '=', email)
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** The invitation a mail link's token opens. */
export function findInvitationByToken(db: Database, tokenHash: string) {
  return personSide(db, 'a mail link names the invitation by its token alone')
    .select('i.email')
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** What the invitation mail needs: the company's name and the inviter's name. */
export function findInvitationForMail(db: Database, companyId: number, id: number) {
  return db
    .selectFrom('company_invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.company_id',
      'i.email',
      'i.role',
      'i.status',
      'i.expires_at',
      'i.invited_by',
      'i.token_hash',
      'i.language',
      'c.name as company_name',
      'u.full_name as inviter',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', id)
    .executeTakeFirst();
}
