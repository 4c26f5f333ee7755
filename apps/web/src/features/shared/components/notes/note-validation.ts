import { TimelineNoteBody } from '@kontora/contract/customer-timeline';
import { zodCodes } from '../../../../lib/form-errors.ts';

/**
 * A note's text checked with the server's own schema: the text to send (trimmed), or the
 * validation code of what is wrong. note-form.tsx loads this module (and zod) on first use.
 */
export function checkNote(body: string): { body: string } | { problem: string } {
  const parsed = TimelineNoteBody.safeParse({ body }, { error: zodCodes });
  if (parsed.success) return { body: parsed.data.body };
  return { problem: parsed.error.issues[0]?.message ?? 'invalid' };
}
