import { z } from 'zod';

/**
 * Several GET answers in one request (docs/decisions/116-first-answers-in-one-request.md): what a
 * page asks before its first screen, one round trip instead of ten. Each address is answered as
 * a GET of its own with the caller's headers, so every rule of that route holds.
 */
export const BATCH_GET_PATH = '/api/batch-get';
export const BATCH_GET_MAX = 25;

export const BatchGetBody = z.object({
  get: z
    .array(
      z
        .string()
        .max(2048)
        .regex(/^\/api\/[^/]/, 'api_path')
        .refine((path) => !path.startsWith(BATCH_GET_PATH), 'not_batch'),
    )
    .min(1)
    .max(BATCH_GET_MAX),
});
export type BatchGetBody = z.infer<typeof BatchGetBody>;

/** Each address's answer in the order asked: its status, its JSON body (null when it had none) and its Retry-After. */
export const BatchGetAnswer = z.object({
  status: z.number().int(),
  body: z.unknown(),
  retry_after: z.string().nullable(),
});
export const BatchGetResult = z.object({ answers: z.array(BatchGetAnswer) });
export type BatchGetResult = z.infer<typeof BatchGetResult>;
