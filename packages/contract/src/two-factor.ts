import { z } from 'zod';
import { Token } from './fields.ts';

/** A code from an authenticator app: six digits (spaces the app shows between groups are dropped). */
export const TotpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'invalid_code'));

/** A recovery code: 16 base32 characters; case, spaces and dashes are ignored. */
export const RecoveryCode = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, 'invalid_code'));

export const RECOVERY_CODE_COUNT = 10;
/** The half-session between the password and the second step lives this long. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** `POST /api/login` for a person with two-factor sign-in: no session yet, only a token for the second step. */
export const TwoFactorChallenge = z.object({
  next_step: z.literal('two_factor'),
  /** Good only for `POST /api/login/two-factor`, for 5 minutes. */
  token: z.string(),
  expires_at: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** Either an authenticator code or one recovery code, exactly one of them. */
const secondFactor = {
  code: TotpCode.optional(),
  recovery_code: RecoveryCode.optional(),
};
const oneFactor = (v: { code?: string; recovery_code?: string }) =>
  (v.code === undefined) !== (v.recovery_code === undefined);
const oneFactorIssue = { path: ['code'], message: 'code_or_recovery_code' };

export const TwoFactorLoginBody = z
  .object({ token: Token, ...secondFactor })
  .refine(oneFactor, oneFactorIssue);
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBody>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left (0 when two-factor is off). */
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code (SVG markup), drawn on the server so nothing is fetched. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const EnableTwoFactorBody = z.object({ code: TotpCode });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBody>;

export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

const CurrentPassword = z.string().min(1).max(1024);

export const DisableTwoFactorBody = z
  .object({ password: CurrentPassword, ...secondFactor })
  .refine(oneFactor, oneFactorIssue);
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBody>;

export const RegenerateRecoveryCodesBody = z.object({ password: CurrentPassword });
export type RegenerateRecoveryCodesBody = z.infer<typeof RegenerateRecoveryCodesBody>;

/** `GET/PUT /api/companies/{companyId}/security`. */
export const CompanySecurity = z.object({ require_two_factor: z.boolean() });
export type CompanySecurity = z.infer<typeof CompanySecurity>;
