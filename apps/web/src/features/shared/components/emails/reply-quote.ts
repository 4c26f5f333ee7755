import type { EmailMessage } from '@kontora/contract/mailboxes';

/**
 * The original under a reply, as mail clients put it (docs/decisions/079-mail-scheduled-quotes-live.md):
 * "On <date>, <from> wrote:" in the writer's language, then the original's text with `> `
 * before each line. The HTML part carries the original in a `<blockquote type="cite">`.
 */
export type ReplyQuote = {
  /** What the compose box starts with: two empty lines to write in, then the quote. */
  prefill: string;
  /** The quote as it appears at the end of `prefill`. */
  block: string;
  /** "On …, … wrote:". */
  intro: string;
  /** The original's HTML as the server answered it (sanitised, remote images inert), or null. */
  html: string | null;
  /** The original's text (or its HTML's text), for a quote without HTML. */
  text: string;
};

/**
 * A merge field in the original ("{{customer.name}}" in a quoted newsletter) must stay text:
 * the server would merge it, or refuse an unknown one. A zero-width space between the
 * braces (in HTML a character reference) keeps it as written.
 */
const inertText = (text: string) => text.replaceAll('{{', '{\u200b{');
const inertHtml = (html: string) => html.replaceAll('{{', '&#123;{');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Each line of the text after "> " (an empty line after ">"), as mail clients quote. */
export function quoteLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * The quote of `message` for a reply; `intro` is the translated "On {{date}}, {{from}} wrote:"
 * already filled in. `htmlText` reads an HTML-only message's text (the browser's parser).
 */
export function replyQuote(
  message: Pick<EmailMessage, 'text' | 'html' | 'body_visible'>,
  intro: string,
  htmlText: (html: string) => string,
): ReplyQuote | null {
  if (!message.body_visible) return null;
  const text = inertText(message.text ?? (message.html ? htmlText(message.html) : ''));
  const block = `${intro}\n${quoteLines(text)}`;
  return {
    prefill: `\n\n${block}`,
    block,
    intro,
    html: message.html ? inertHtml(message.html) : null,
    text,
  };
}

/** Plain text as HTML paragraphs: escaped, lines kept, `>` lines as (nested) blockquotes. */
export function textToHtml(text: string): string {
  const out: string[] = [];
  let depth = 0;
  let para: string[] = [];
  const flush = () => {
    if (para.length > 0) out.push(`<p>${para.join('<br>')}</p>`);
    para = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const marks = /^((?:> ?)*)/.exec(line)?.[1] ?? '';
    const level = (marks.match(/>/g) ?? []).length;
    const content = line.slice(marks.length);
    if (level !== depth) {
      flush();
      while (depth < level) {
        out.push('<blockquote type="cite">');
        depth += 1;
      }
      while (depth > level) {
        out.push('</blockquote>');
        depth -= 1;
      }
    }
    if (content.trim() === '') flush();
    else para.push(escapeHtml(content));
  }
  flush();
  while (depth-- > 0) out.push('</blockquote>');
  return out.join('');
}

/**
 * The HTML part of a reply whose text is `text`. When the quote is still as it was put in,
 * the original's own HTML goes in the blockquote (its formatting kept); when the writer
 * edited it, the text is all there is, quoted lines as blockquotes.
 */
export function replyHtml(text: string, quote: ReplyQuote): string {
  const at = text.lastIndexOf(quote.block);
  if (at === -1 || text.slice(at + quote.block.length).trim() !== '') return textToHtml(text);
  const own = text.slice(0, at).replace(/\s+$/, '');
  const original = quote.html ?? textToHtml(quote.text);
  return `${own ? textToHtml(own) : ''}<p>${escapeHtml(quote.intro)}</p><blockquote type="cite">${original}</blockquote>`;
}
