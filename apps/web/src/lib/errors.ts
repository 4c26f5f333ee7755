import i18next, { type TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

/**
 * A message for an error that a person can read: the translation of the API's
 * error code when we have one (so it follows the chosen language), else the
 * server's message, else the HTTP status text, else the raw error (docs/product.md §4).
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429 && error.retryAfter !== null) {
      return t('errors.too_many_requests_retry', { seconds: error.retryAfter });
    }
    const key = `errors.${error.code}`;
    if (i18next.exists(key)) return (t as unknown as (key: string) => string)(key);
    return error.message || error.statusText || String(error);
  }
  if (error instanceof Error) return error.message || String(error);
  return String(error);
}
