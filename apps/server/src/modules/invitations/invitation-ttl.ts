/** How long an invitation (and the activation link of an account it made) is valid. */
export const INVITATION_TTL_DAYS = 14;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;
