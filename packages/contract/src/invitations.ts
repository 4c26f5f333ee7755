import { z } from 'zod';
import { CompanyRole } from './members.ts';

/**
 * Joining a company by consent (decision 011). An owner or admin invites by
 * email; the answer is the same whether the email has an account or not, so it
 * names no person. The invited person accepts or declines from a mail link or
 * from their company chooser.
 */

/** `expired` is a pending invitation past its expiry; `accepted`, `declined`, `revoked` are final. */
export const InvitationStatus = z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** An invitation as the inviting company sees it: the email typed, never who (or whether anyone) has it. */
export const Invitation = z.object({
  id: z.number(),
  email: z.string(),
  role: CompanyRole,
  status: InvitationStatus,
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationData = z.object({ invitation: Invitation });
export type InvitationData = z.infer<typeof InvitationData>;

export const InvitationsData = z.object({ items: z.array(Invitation) });
export type InvitationsData = z.infer<typeof InvitationsData>;

/** An invitation as the invited person sees it: which company, which role, who asked. */
export const MyInvitation = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  role: CompanyRole,
  status: InvitationStatus,
  /** The inviter's name; null when that account is gone. */
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitation>;

export const MyInvitationsData = z.object({ items: z.array(MyInvitation) });
export type MyInvitationsData = z.infer<typeof MyInvitationsData>;

/** What a mail link's token opens (anyone holding the link): the company and role, not the email. */
export const InvitationPreview = MyInvitation.omit({ id: true });
export type InvitationPreview = z.infer<typeof InvitationPreview>;
