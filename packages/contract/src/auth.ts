import { z } from 'zod';
import { Email, FullName, Language, Password } from './fields.ts';
import { NotificationPreferencesSchema } from './notifications.ts';
import { LayoutPreferences } from './preferences.ts';

export const LoginBody = z.object({
  email: Email,
  /** Not checked for length here: a wrong password must fail like any other. */
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The signed-in person as the login answer and `GET /api/me` give it. */
export const SessionUser = z.object({
  id: z.number(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  /** Same as is_admin; the original client reads both names. */
  isSuperuser: z.boolean(),
  language: Language,
  preferences: LayoutPreferences,
  /** Per notification kind: mailed and/or shown under the bell (docs/decisions/055-notifications.md). */
  notification_preferences: NotificationPreferencesSchema,
  last_login_at: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * Login answer. `token` is the bearer token and `next_step` is null. For a
 * person with two-factor sign-in, `POST /api/login` answers a
 * `TwoFactorChallenge` instead (`next_step: "two_factor"`), so clients must
 * check `next_step` before storing the session.
 */
export const LoginData = SessionUser.extend({
  token: z.string(),
  expires_at: z.string(),
  next_step: z.null(),
});
export type LoginData = z.infer<typeof LoginData>;

export const ActivateBody = z.object({ full_name: FullName, password: Password });
export type ActivateBody = z.infer<typeof ActivateBody>;

/**
 * What an activation link's page shows before activating: the name the inviter
 * typed (the person may change it) and the language the invitation was made in.
 */
export const ActivationPreview = z.object({ full_name: z.string(), language: Language });
export type ActivationPreview = z.infer<typeof ActivationPreview>;

export const ResetPasswordBody = z.object({ password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const RequestResetBody = z.object({ email: Email });
export type RequestResetBody = z.infer<typeof RequestResetBody>;

/** Browser-side forms that ask for the password twice. */
export const PasswordWithConfirmation = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'passwords_differ' });
