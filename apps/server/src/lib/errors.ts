import type { ErrorCode } from '@kontora/contract/errors';

/**
 * A domain error: an HTTP status, a stable code the client can translate, a
 * safe message and, for 400s, per-field details. Thrown by services; turned
 * into `{message, code, details}` by the central error handler.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    extra: { details?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = extra.details;
    this.headers = extra.headers;
  }
}

export const notFound = (what = 'Record') => new AppError(404, 'not_found', `${what} not found.`);
export const forbidden = (code: ErrorCode = 'forbidden', message = 'You are not allowed to do this.') =>
  new AppError(403, code, message);
export const invalidField = (field: string, code: string, message = 'Some fields are invalid.') =>
  new AppError(400, 'validation_failed', message, { details: { [field]: [code] } });

/**
 * `work`'s field problems named under `prefix` (`custom.x` → `filter.custom.x`): a check shared
 * with another route answers with the path of the body that carried what it checked.
 */
export async function detailsUnder<T>(prefix: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (!(e instanceof AppError) || !e.details) throw e;
    const details = Object.fromEntries(Object.entries(e.details).map(([k, v]) => [`${prefix}.${k}`, v]));
    throw new AppError(e.status, e.code, e.message, { details });
  }
}
