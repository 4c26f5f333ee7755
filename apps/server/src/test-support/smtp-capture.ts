import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks undone, so links can be matched. */
  text: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, so
 * tests exercise the real transport and read the mail a person would get.
 */
export async function startSmtpCapture(
  options: {
    /** The first n messages are refused with a temporary error (451), as a busy or broken server would. */
    refuseFirst?: number;
    /** The first n messages are never answered (the sender hangs in DATA); they are not kept. */
    stallFirst?: number;
  } = {},
) {
  const mails: CapturedMail[] = [];
  let received = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
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
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject, text });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    /** Messages that reached the end of DATA, kept, refused or stalled. */
    received: () => received,
    /** Waits for the next mail to `to` (or returns one already received after `since`). */
    async waitFor(to: string, since = 0, timeoutMs = 10_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
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
export function tokenFromMail(mail: CapturedMail, route: 'activate' | 'reset-password'): string {
  const match = new RegExp(`#/${route}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${route} link in mail: ${mail.text.slice(0, 500)}`);
  return match[1];
}
