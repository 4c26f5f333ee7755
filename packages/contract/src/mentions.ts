/**
 * Mentions of company members in customer notes (docs/decisions/055-notifications.md).
 * A mention is the token `@[Name](user:ID)`: the web inserts it through the member
 * autocomplete and shows it as a chip; the server notifies member ID. The name is only
 * what the writer saw: the id decides, so a renamed person is still the one mentioned,
 * and a plain `@Ana` in text mentions nobody (two members may share a first name).
 * Without zod: the notes screen renders chips with it.
 */

/** One mention token; the name may not hold `[`, `]` or a line break. */
export const MENTION_PATTERN = /@\[([^\]\n[]{1,200})\]\(user:([1-9]\d{0,9})\)/g;

/** The token for person `id` named `name` (brackets in a name would end the token early: dropped). */
export function mentionToken(id: number, name: string): string {
  return `@[${name.replace(/[[\]\n]/g, '').trim() || '?'}](user:${id})`;
}

/** The distinct person ids a text mentions, in order of first mention. */
export function mentionedUserIds(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const id = Number(match[2]);
    if (id <= 2 ** 31 - 1) ids.add(id);
  }
  return [...ids];
}

export type TextPart = { text: string } | { mention: { id: number; name: string } };

/** A text cut into plain runs and mentions, for showing mentions as chips. */
export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ mention: { id: Number(match[2]), name: match[1] ?? '' } });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
