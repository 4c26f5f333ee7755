import { z } from 'zod';
import { hasControlCharacters } from './fields.ts';

/**
 * The URL of something the server calls (a webhook receiver, a CRM's API):
 * http(s) with a host, and none of the parts that let the caller aim the
 * request elsewhere than it reads (docs/decisions/031-one-guarded-outbound-client.md):
 * no user info (`https://u:p@host`), no fragment (a `#` at the end of a base
 * URL moves the product's own path into it), and, where the product appends
 * its path, no query (`?` does the same).
 */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Whether the authority carries user info, however spelt (`u:p@`, a bare `@`, in a backslashed form). */
function hasUserInfo(value: string): boolean {
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return true;
  const authority = value.replace(/^[a-z][a-z\d+.-]*:[/\\]*/i, '').split(/[/\\?#]/)[0] ?? '';
  return authority.includes('@');
}

export function OutboundUrl(max: number, { query }: { query: boolean }) {
  return z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' })
    .refine((v) => !hasControlCharacters(v), { error: 'control_characters', abort: true })
    .refine(isHttpUrl, { error: 'invalid_url', abort: true })
    .refine((v) => !hasUserInfo(v), { error: 'url_credentials', abort: true })
    .refine((v) => !v.includes('#'), { error: 'url_fragment', abort: true })
    .refine((v) => query || !v.includes('?'), { error: 'url_query', abort: true });
}
