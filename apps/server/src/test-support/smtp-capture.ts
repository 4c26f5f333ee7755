import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The one test mail catcher, for the API tests (in process) and the browser
 * tests (apps/web/e2e/fixtures/stack.ts, for a server in another process): a
 * real SMTP server on 127.0.0.1 that keeps what it receives, so tests exercise
 * the real transport and read the mail a person would get.
 */

/** One message as received, decoded enough to read it and follow its links. */
export interface CapturedMail {
  to: string[];
  raw: string;
  /** The Subject header, RFC 2047 encoded words decoded. */
  subject: string;
  /** The text/plain content (inside multipart bodies too), transfer encoding undone. */
  text: string;
  links: string[];
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** Starts the catcher on `port` (default 0: a free one). */
export async function startSmtpCapture(
  options: {
    port?: number;
    /** The first n messages are refused with a temporary error (451), as a busy or broken server would. */
    refuseFirst?: number;
    /** The first n messages are never answered (the sender hangs in DATA); they are not kept. */
    stallFirst?: number;
    /**
     * Require AUTH XOAUTH2 (as Gmail and Microsoft 365 do for OAuth clients): a login is
     * accepted when this answers true for its user and bearer token.
     */
    xoauth2?: (user: string, accessToken: string) => boolean;
  } = {},
) {
  const xoauth2 = options.xoauth2;
  /** Users who logged in with XOAUTH2, in order. */
  const logins: string[] = [];
  const mails: CapturedMail[] = [];
  let received = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    ...(xoauth2
      ? {
          authMethods: ['XOAUTH2'],
          allowInsecureAuth: true,
          disabledCommands: ['STARTTLS'],
          onAuth(auth, _session, callback) {
            if (
              auth.method === 'XOAUTH2' &&
              auth.accessToken &&
              xoauth2(auth.username ?? '', auth.accessToken)
            ) {
              logins.push(auth.username ?? '');
              return callback(null, { user: auth.username });
            }
            // XOAUTH2's refusal, as Gmail answers it.
            return callback(null, {
              data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' },
            });
          },
        }
      : { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] }),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received++;
        if (received <= (options.stallFirst ?? 0)) return;
        if (received <= (options.stallFirst ?? 0) + (options.refuseFirst ?? 0)) {
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(refusal);
        }
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const boundPort = (server.server.address() as AddressInfo).port;

  /** The first mail `pick` finds, waiting for new ones until the time limit. */
  async function next(pick: () => CapturedMail | undefined, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = pick();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  const to = (mail: CapturedMail, address: string) => mail.to.includes(address.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${boundPort}?ignoreTLS=true`,
    port: boundPort,
    /** Every mail received, in order. */
    mails,
    /** With `xoauth2`: the users who logged in, in order. */
    logins,
    /** The first mail to `address` among those received after the first `since` (of all mails). */
    waitFor(address: string, since = 0, timeoutMs = 10_000): Promise<CapturedMail> {
      return next(() => mails.slice(since).find((m) => to(m, address)), address, timeoutMs);
    },
    /** The mail to `address` after the first `since` mails to them (the count before an action). */
    readMail(address: string, options: { since?: number; timeoutMs?: number } = {}): Promise<CapturedMail> {
      const pick = () => mails.filter((m) => to(m, address))[options.since ?? 0];
      return next(pick, address, options.timeoutMs ?? 15_000);
    },
    /** How many mails `address` has received. */
    countFor: (address: string) => mails.filter((m) => to(m, address)).length,
    /** Messages that reached the end of DATA, kept, refused or stalled. */
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled sessions would otherwise keep close() waiting.
        for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ??
          []) {
          connection.close();
        }
        server.close(() => resolve());
      }),
  };
}

/** The token at the end of an app link in a mail, e.g. `#/reset-password/<token>`. */
export function tokenFromMail(
  mail: CapturedMail,
  route: 'activate' | 'reset-password' | 'invitation',
): string {
  const match = new RegExp(`#/${route}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${route} link in mail: ${mail.text.slice(0, 500)}`);
  return match[1];
}

/** The app links in a mail's text, from the hash on (`#/company/customer/12?company=3`). */
export function appLinksIn(text: string): string[] {
  return text.match(/#\/[^\s"<>]+/g) ?? [];
}

/** A raw message (read as latin1, byte for byte) as a CapturedMail. */
export function parseMail(raw: string, to: string[]): CapturedMail {
  const { headers } = splitHead(raw);
  const text = plainText(raw);
  return {
    to,
    raw,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
    links: [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]),
  };
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Undoes a transfer encoding; the result is UTF-8 text. */
function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** The text/plain content of a message, looking inside multipart bodies. */
function plainText(raw: string): string {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    return parts.map(plainText).find(Boolean) ?? '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, headers.get('content-transfer-encoding'));
}
