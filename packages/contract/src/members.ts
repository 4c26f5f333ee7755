import { z } from 'zod';
import { Email, FullName, Language } from './fields.ts';
import { COMPANY_ROLES } from './limits.ts';

/**
 * A company's team, `/api/companies/{companyId}/members`: every member may
 * list it; owners and admins change it (only owners and superusers touch owners).
 */

export const CompanyRole = z.enum(COMPANY_ROLES, { error: 'invalid_role' });

export const UserStatus = z.enum(['invited', 'active', 'disabled']);
export type UserStatus = z.infer<typeof UserStatus>;

/** A company member as both the admin pages and the company team section show them. */
export const Member = z.object({
  user_id: z.number(),
  email: z.string(),
  full_name: z.string(),
  status: UserStatus,
  role: CompanyRole,
  /** When the person joined the company. */
  created_at: z.string(),
});
export type Member = z.infer<typeof Member>;

export const MembersData = z.object({ items: z.array(Member) });
export type MembersData = z.infer<typeof MembersData>;

/**
 * Invites a person by email (`POST /api/companies/{companyId}/invitations`):
 * someone with an account gets a mail to accept or decline; anyone else gets an
 * invited account and an activation mail. The answer is the same either way.
 */
export const InviteMemberBody = z
  .object({
    email: Email,
    /** Used only when a new account is created; the invited person can change it on activation. */
    full_name: FullName.optional(),
    role: CompanyRole,
    /**
     * The language of a new account and its activation page: the one the inviter's
     * screen shows; without it, the inviter's saved language.
     */
    language: Language.optional(),
  })
  .strict();
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const ChangeRoleBody = z.object({ role: CompanyRole }).strict();
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;
