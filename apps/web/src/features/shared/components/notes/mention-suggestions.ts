import { mentionToken } from '@kontora/contract/mentions';

/** What is being typed after an `@` right before the caret (no spaces yet), or null when no mention is under way. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: match[2] ?? '' };
}

/** The text with `@query` before the caret replaced by the person's token and a space; the new caret. */
export function insertMention(
  text: string,
  caret: number,
  at: { start: number },
  person: { id: number; name: string },
): { text: string; caret: number } {
  const token = `${mentionToken(person.id, person.name)} `;
  return { text: text.slice(0, at.start) + token + text.slice(caret), caret: at.start + token.length };
}
