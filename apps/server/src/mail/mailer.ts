import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable id (e.g. derived from the job that sends it), so a resend after a crash is recognisably the same mail. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP a fresh install still works end to end: every message is logged
 * (links included) and kept as a .eml-like text file under DATA_DIR/outbox.
 */
export function createOutboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const dir = path.join(dataDir, 'outbox');
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^\w.@-]/g, '_')}.txt`,
      );
      const id = message.messageId ? `Message-ID: ${message.messageId}\n` : '';
      writeFileSync(file, `${id}To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`);
      log.info({ to: message.to, subject: message.subject, file }, `outbox mail:\n${message.text}`);
    },
    close() {},
  };
}
