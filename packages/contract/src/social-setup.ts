import { z } from 'zod';
import { SocialNetwork } from './social-posts.ts';

/** Whether the deployment has a network's app (client id and secret): only then can accounts be connected. */
export const SocialNetworkAvailability = z.object({ type: SocialNetwork, configured: z.boolean() });
export type SocialNetworkAvailability = z.infer<typeof SocialNetworkAvailability>;
export const SocialNetworkAvailabilityList = z.object({ items: z.array(SocialNetworkAvailability) });

/** One environment variable of a network's set-up; a secret's value is never shown. */
export const SocialSetupVariable = z.object({
  name: z.string(),
  required: z.boolean(),
  set: z.boolean(),
  /** The value in force for the addresses (API and authorisation page); null for the client id and secret. */
  value: z.string().nullable(),
});
export type SocialSetupVariable = z.infer<typeof SocialSetupVariable>;

/**
 * How the credentials can be checked: `credentials` asks the network for an app-only token
 * (no person involved); `presence` only sees that values are set, as the network offers no such call.
 */
export const SOCIAL_CHECK_KINDS = ['credentials', 'presence'] as const;

/** A network's set-up as a superuser needs it: what to register there, what to set here. */
export const SocialNetworkSetup = z.object({
  type: SocialNetwork,
  name: z.string(),
  configured: z.boolean(),
  redirect_uri: z.string(),
  variables: z.array(SocialSetupVariable),
  check: z.enum(SOCIAL_CHECK_KINDS),
});
export type SocialNetworkSetup = z.infer<typeof SocialNetworkSetup>;
export const SocialNetworkSetupList = z.object({ items: z.array(SocialNetworkSetup) });

/**
 * A check's outcome, in our words (the network's own error text is not passed on):
 * `ok` the network accepted the id and secret; `present` both are set, nothing more can be asked;
 * `not_configured` one is missing; `refused` the network refused them; `unavailable` it answered
 * 429 or 5xx; `unexpected_answer` it answered without a token; `unreachable` no answer in time or
 * no connection; `blocked_address` the API address is private and not in WEBHOOK_ALLOWED_HOSTS.
 */
export const SOCIAL_CHECK_OUTCOMES = [
  'ok',
  'present',
  'not_configured',
  'refused',
  'unavailable',
  'unexpected_answer',
  'unreachable',
  'blocked_address',
] as const;
export type SocialCheckOutcome = (typeof SOCIAL_CHECK_OUTCOMES)[number];

export const SocialNetworkCheck = z.object({
  type: SocialNetwork,
  outcome: z.enum(SOCIAL_CHECK_OUTCOMES),
  /** The network's HTTP status when it answered; null when nothing was asked or no answer came. */
  http_status: z.number().int().nullable(),
  checked_at: z.string(),
});
export type SocialNetworkCheck = z.infer<typeof SocialNetworkCheck>;
