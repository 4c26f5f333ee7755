import { createHash } from 'node:crypto';
import type { EmailAddress } from '@kontora/contract/mailboxes';
import { type AddressObject, simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';

/** What is kept of one message. */
export interface ParsedEmail {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: EmailAddress | null;
  to: EmailAddress[];
  cc: EmailAddress[];
  subject: string;
  date: string;
  text: string | null;
  html: string | null;
  attachments: { filename: string | null; size: number; contentType: string; content: Buffer }[];
}

const BODY_MAX = 500_000;
const HEADER_MAX = 500;

const ID = /<[^<>\s]+>/g;
/** Message-IDs of a header (or of mailparser's array of them), each once, in order. */
function idsOf(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  const found = text.match(ID) ?? (text.trim() ? [`<${text.trim()}>`] : []);
  return [...new Set(found.map((id) => id.toLowerCase().slice(0, HEADER_MAX)))];
}

function addressesOf(value: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return objects
    .flatMap((o) => o.value.flatMap((a) => (a.group ? a.group : [a])))
    .filter((a) => typeof a.address === 'string' && a.address.includes('@'))
    .map((a) => ({
      address: (a.address as string).toLowerCase().slice(0, 320),
      name: a.name ? a.name.slice(0, 200) : null,
    }));
}

/** A remote image's address kept inert: no browser loads `data-remote-src`. */
export const REMOTE_SRC = 'data-remote-src';

/** An absolute http(s) address, or null. */
function remoteUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', REMOTE_SRC, 'alt', 'width', 'height'],
    '*': ['align', 'width', 'colspan', 'rowspan', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['data', 'cid'] },
};

/**
 * Only what a mail reader shows: no scripts, styles, forms or event handlers; images load
 * only from the message itself (`cid:` and `data:`), so opening a mail tells its sender
 * nothing. A remote image's address is kept as `data-remote-src`, which loads nothing, so
 * the reader can ask for it later (`withRemoteImages`). Links open apart from the app.
 */
export function sanitiseEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    ...SANITISE,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
      img: (tagName, attribs) => {
        const { [REMOTE_SRC]: _forged, ...rest } = attribs;
        const remote = remoteUrl(rest.src);
        if (!remote) return { tagName, attribs: rest };
        const { src: _remote, ...others } = rest;
        return { tagName, attribs: { ...others, [REMOTE_SRC]: remote } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src && !frame.attribs[REMOTE_SRC],
  });
}

/**
 * Stored (already sanitised) HTML with its remote images loading: each `data-remote-src`
 * that is an http(s) address becomes the `src`. Sanitised again with the same rules, so
 * nothing but image addresses changes.
 */
export function withRemoteImages(html: string): string {
  return sanitizeHtml(html, {
    ...SANITISE,
    allowedSchemesByTag: { img: ['data', 'cid', 'http', 'https'] },
    transformTags: {
      img: (tagName, attribs) => {
        const { [REMOTE_SRC]: remote, ...rest } = attribs;
        const url = remoteUrl(remote);
        return { tagName, attribs: url ? { ...rest, src: url } : rest };
      },
    },
  });
}

/** Sanitised HTML escapes `<` in text, so an `<img` here is a tag. */
const REMOTE_IMG = new RegExp(`<img\\b[^>]*\\s${REMOTE_SRC}="`);
export const hasRemoteImages = (html: string | null) => (html ? REMOTE_IMG.test(html) : false);

/** Text that PostgreSQL and SQLite both store: no NUL, at most `max` characters. */
const storable = (text: string, max: number) => text.replaceAll('\u0000', '').slice(0, max);

/**
 * Parses a raw message. Broken MIME and unknown charsets come out as whatever could be
 * read; a message without a Message-ID gets one derived from what identifies it, the same
 * at every sync, so it is still stored once.
 */
export async function parseEmail(source: Buffer, fallbackDate: Date): Promise<ParsedEmail> {
  const mail = await simpleParser(source, {
    skipImageLinks: true,
    skipTextToHtml: true,
    keepCidLinks: true,
  }).catch(() => null);
  const from = addressesOf(mail?.from)[0] ?? null;
  const date = mail?.date && !Number.isNaN(mail.date.getTime()) ? mail.date : fallbackDate;
  const subject = storable(mail?.subject ?? '', HEADER_MAX);
  const messageId =
    idsOf(mail?.messageId)[0] ??
    `<${createHash('sha256')
      .update(`${from?.address ?? ''}\n${date.toISOString()}\n${subject}\n${source.length}`)
      .digest('hex')
      .slice(0, 32)}@kontora.invalid>`;
  const html =
    mail && typeof mail.html === 'string' ? sanitiseEmailHtml(storable(mail.html, BODY_MAX)) : null;
  return {
    messageId,
    inReplyTo: idsOf(mail?.inReplyTo)[0] ?? null,
    references: idsOf(mail?.references).slice(-50),
    from,
    to: addressesOf(mail?.to),
    cc: addressesOf(mail?.cc),
    subject,
    date: date.toISOString(),
    text: mail?.text ? storable(mail.text, BODY_MAX) : null,
    html,
    attachments: (mail?.attachments ?? []).slice(0, 100).map((a) => ({
      filename: a.filename ? storable(a.filename, HEADER_MAX) : null,
      size: a.size ?? a.content?.length ?? 0,
      contentType: storable(a.contentType ?? 'application/octet-stream', 200),
      content: a.content ?? Buffer.alloc(0),
    })),
  };
}
