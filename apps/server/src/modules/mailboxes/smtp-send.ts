import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { AppContext } from '../../context.ts';
import { guardedAddress, type ImapSettings, loginOf } from './imap-connect.ts';

/** One message as it leaves: the same bytes go to SMTP and into the Sent folder. */
export interface OutgoingMime {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  html: string | null;
  text: string | null;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  date: Date;
}

export function composeMime(mail: OutgoingMime): Promise<Buffer> {
  return new MailComposer({
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    ...(mail.text !== null ? { text: mail.text } : {}),
    ...(mail.html !== null ? { html: mail.html } : {}),
    messageId: mail.messageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references.length > 0 ? { references: mail.references } : {}),
    date: mail.date,
    // Nothing is read from files or URLs whatever the body says.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
}

/** Why a send did not go: `retry` when trying again later may help and cannot send twice. */
export class SmtpFailure extends Error {
  readonly reason: string;
  readonly retry: boolean;
  constructor(reason: string, retry: boolean, message: string) {
    super(message);
    this.reason = reason;
    this.retry = retry;
  }
}

type SmtpError = Error & { code?: string; responseCode?: number };

/**
 * A timeout can strike after the server took the message but before it said so: the outcome
 * is unknown, so it is not retried (a message is never sent twice). Refusals before the end
 * of DATA, connection and login failures are safe to retry; a permanent (5xx) refusal is not
 * worth it.
 */
export function smtpFailureOf(err: unknown): SmtpFailure {
  const e = err as SmtpError;
  const message = e.message ?? String(err);
  if (e.code === 'ETIMEDOUT') return new SmtpFailure('unknown_outcome', false, message);
  if (e.code === 'EAUTH') return new SmtpFailure('wrong_password', true, message);
  if (e.code === 'EDNS') return new SmtpFailure('host_not_found', true, message);
  if (e.code === 'ETLS') return new SmtpFailure('tls_error', true, message);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500)
    return new SmtpFailure('rejected', false, message);
  return new SmtpFailure('unreachable', true, message);
}

/** Sends the raw message through the mailbox's SMTP server, under the outbound address rules. */
export async function sendSmtp(
  ctx: AppContext,
  settings: ImapSettings,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<void> {
  const { host, address } = await guardedAddress(ctx, settings.host);
  const transport = nodemailer.createTransport({
    host: address,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(isIP(host) ? {} : { tls: { servername: host } }),
    // XOAUTH2 with the token as it is: nodemailer is given no refresh token, so it never asks for one itself.
    auth: settings.accessToken ? { type: 'OAuth2', ...loginOf(settings) } : loginOf(settings),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  try {
    await transport.sendMail({ envelope, raw });
  } finally {
    transport.close();
  }
}
