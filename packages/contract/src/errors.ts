import { z } from 'zod';

/** Every error answer of the API has this shape (docs/product.md §5). */
export const ApiError = z.object({
  message: z.string(),
  code: z.string(),
  /** Per-field problems for 400 answers: field path → message codes. */
  details: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Stable machine-readable codes; the web app translates them (errors.<code>). */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'invalid_json',
  'unauthenticated',
  'invalid_credentials',
  'session_expired',
  'forbidden',
  'not_member',
  'module_disabled',
  'role_too_low',
  'not_found',
  'conflict',
  'email_taken',
  'stale_update',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  'method_not_allowed',
  'unsupported_media_type',
  'too_many_requests',
  'invalid_token',
  'invitation_expired',
  'invitation_answered',
  'wrong_password',
  'common_password',
  'account_disabled',
  'two_factor_required',
  'invalid_code',
  'challenge_expired',
  'internal_error',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'idempotent_replay_stale',
  'invalid_api_key',
  'insufficient_scope',
  'api_key_not_allowed',
  /** A social post's approval link (decision 023): past its 7 days, already answered, replaced by a newer link, or the post changed since. */
  'approval_expired',
  'approval_used',
  'approval_replaced',
  'approval_outdated',
  /** Stages removed while they hold deals, without saying where the deals go (details: stage id → count). */
  'stage_has_deals',
  /** A pipeline deleted while it holds deals, without `move_deals_to_pipeline`. */
  'pipeline_has_deals',
  /** SQLite: the company's customers are held while an import finishes (503, Retry-After); asked again, it answers. */
  'import_finishing',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
