import { z } from 'zod';
import { Email, hasControlCharacters, OptionalText } from './fields.ts';

/**
 * A person's own mailboxes, synced over IMAP, and the mail they keep beside the
 * company's customers (docs/decisions/064-email-beside-the-customer.md). Passwords are
 * write-only: no answer ever carries them.
 */
export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export const MAILBOX_VISIBILITY = ['private', 'metadata', 'shared'] as const;
export type MailboxVisibility = (typeof MAILBOX_VISIBILITY)[number];
export const MAILBOX_STATUSES = ['connecting', 'syncing', 'ok', 'failing'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

/** Why a connection test failed: the `details` code of the 400, and `last_error` of a failing mailbox. */
export const MAIL_CONNECT_ERRORS = [
  'wrong_password',
  'host_not_found',
  'tls_error',
  'login_disabled',
  'unreachable',
  'private_address',
  /** An OAuth mailbox whose provider refused the refresh token (revoked, expired): sign in again. */
  'oauth_revoked',
] as const;
export type MailConnectError = (typeof MAIL_CONNECT_ERRORS)[number];

/**
 * Providers a mailbox can be connected with by OAuth 2 sign-in, IMAP and SMTP then authenticating
 * with XOAUTH2 (docs/decisions/078-mailbox-oauth-sign-in.md); offered only where the deployment
 * configured the provider's client.
 */
export const MAIL_OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type MailOauthProvider = (typeof MAIL_OAUTH_PROVIDERS)[number];
/** How a mailbox logs in: a password it was given, or a provider's OAuth tokens. */
export const MAILBOX_AUTH = ['password', ...MAIL_OAUTH_PROVIDERS] as const;
export type MailboxAuth = (typeof MAILBOX_AUTH)[number];

export const MAILBOX_LIMITS = {
  hostMax: 253,
  usernameMax: 320,
  passwordMax: 500,
  syncDaysDefault: 90,
  syncDaysMax: 3650,
  /** Mailboxes one person may connect in one company. */
  mailboxesMax: 5,
  /** The sender's signature, merged by `{{sender.signature}}` (plain text). */
  signatureMax: 5_000,
} as const;

const Text = (max: number) =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' })
    .refine((v) => !hasControlCharacters(v), { error: 'control_characters' });

export const MailServer = z
  .object({
    host: Text(MAILBOX_LIMITS.hostMax)
      .transform((v) => v.trim().toLowerCase())
      .refine((v) => /^[a-z0-9.:[\]-]+$/.test(v), { error: 'invalid_host' }),
    port: z.number({ error: 'invalid_port' }).int({ error: 'invalid_port' }).min(1).max(65535),
    security: z.enum(MAIL_SECURITY, { error: 'invalid_security' }),
    username: Text(MAILBOX_LIMITS.usernameMax),
    password: Text(MAILBOX_LIMITS.passwordMax),
  })
  .strict();
export type MailServer = z.output<typeof MailServer>;

const SyncDays = z
  .number({ error: 'invalid_number' })
  .int({ error: 'invalid_number' })
  .min(1, { error: 'too_small' })
  .max(MAILBOX_LIMITS.syncDaysMax, { error: 'too_big' });

export const MailboxCreateBody = z
  .object({
    email: Email,
    imap: MailServer,
    /** For sending (docs/decisions/065-email-sending.md); a mailbox without it only syncs. */
    smtp: MailServer.optional(),
    visibility: z.enum(MAILBOX_VISIBILITY, { error: 'invalid_visibility' }).default('metadata'),
    sync_days: SyncDays.default(MAILBOX_LIMITS.syncDaysDefault),
  })
  .strict();
export type MailboxCreateBody = z.output<typeof MailboxCreateBody>;

/** New server settings are tested again before they are saved. */
export const MailboxPatchBody = z
  .object({
    imap: MailServer.optional(),
    smtp: MailServer.optional(),
    visibility: z.enum(MAILBOX_VISIBILITY, { error: 'invalid_visibility' }).optional(),
    sync_days: SyncDays.optional(),
    /** Plain text; an empty string removes it. */
    signature: OptionalText(MAILBOX_LIMITS.signatureMax, { multiline: true }).optional(),
  })
  .strict();
export type MailboxPatchBody = z.output<typeof MailboxPatchBody>;

export const Mailbox = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(MAILBOX_STATUSES),
  last_error: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  visibility: z.enum(MAILBOX_VISIBILITY),
  sync_days: z.number(),
  /** Messages kept from it so far (grows while the first pass runs). */
  message_count: z.number(),
  /** While failing: since when, and when the next try is due. */
  failing_since: z.string().nullable(),
  retry_at: z.string().nullable(),
  signature: z.string().nullable(),
  /** Whether it has SMTP settings, so mail can be sent from it. */
  can_send: z.boolean(),
  /** `password`, or the provider it was signed in with (no server settings to change; it reconnects by signing in again). */
  auth: z.enum(MAILBOX_AUTH),
});
export type Mailbox = z.infer<typeof Mailbox>;
export const MailboxList = z.object({ items: z.array(Mailbox) });

/** The providers this deployment offers sign-in with. */
export const MailOauthProviderList = z.object({ items: z.array(z.enum(MAIL_OAUTH_PROVIDERS)) });

/**
 * Starts an OAuth sign-in. The mailbox is made (or, for the same address signed in again,
 * reconnected) when the provider sends the browser back; `visibility` and `sync_days` are
 * those of a new one.
 */
export const MailOauthStartBody = z
  .object({
    provider: z.enum(MAIL_OAUTH_PROVIDERS, { error: 'invalid_provider' }),
    visibility: z.enum(MAILBOX_VISIBILITY, { error: 'invalid_visibility' }).default('metadata'),
    sync_days: SyncDays.default(MAILBOX_LIMITS.syncDaysDefault),
  })
  .strict();
export type MailOauthStartBody = z.output<typeof MailOauthStartBody>;
/** The provider's sign-in page to open in this browser. */
export const MailOauthStartAnswer = z.object({ authorize_url: z.string() });

/** Where the OAuth callback leaves the browser: Settings with `mailbox_connected` or `mailbox_error`. */
export const MAIL_OAUTH_OUTCOMES = [
  'invalid_state',
  'other_browser',
  'denied',
  'forbidden',
  'no_email',
  'too_many_mailboxes',
  'rejected',
  ...MAIL_CONNECT_ERRORS,
] as const;
export type MailOauthOutcome = (typeof MAIL_OAUTH_OUTCOMES)[number];

const BoolParam = z.enum(['true', 'false'], { error: 'invalid_value' }).transform((v) => v === 'true');

/** Disconnecting: whether the mail it synced goes too (the default) or stays beside the customers. */
export const MailboxDeleteQuery = z.object({ delete_emails: BoolParam.default(true) }).strict();

/** Reading one message: `images=true` lets the remote images of its HTML load (off by default). */
export const EmailReadQuery = z.object({ images: BoolParam.default(false) }).strict();

export const EmailAddress = z.object({ address: z.string(), name: z.string().nullable() });
export type EmailAddress = z.infer<typeof EmailAddress>;

export const EmailThreadItem = z.object({
  id: z.number(),
  from: EmailAddress.nullable(),
  subject: z.string(),
  date: z.string(),
});

export const EmailThread = z.object({
  id: z.number(),
  subject: z.string(),
  participants: z.array(EmailAddress),
  last_at: z.string(),
  count: z.number(),
  items: z.array(EmailThreadItem).optional(),
});
export type EmailThread = z.infer<typeof EmailThread>;
export const EmailThreadList = z.object({ items: z.array(EmailThread) });

export const EmailAttachment = z.object({
  id: z.number(),
  filename: z.string().nullable(),
  size: z.number(),
  content_type: z.string(),
});

/** One message; `text` and `html` are null where the reader may see only who wrote what when. */
export const EmailMessage = z.object({
  id: z.number(),
  thread_id: z.number(),
  from: EmailAddress.nullable(),
  to: z.array(EmailAddress),
  cc: z.array(EmailAddress),
  subject: z.string(),
  date: z.string(),
  text: z.string().nullable(),
  /**
   * Sanitised on the server: no scripts, no remote loads. Remote images are kept inert as
   * `data-remote-src` unless asked for with `images=true`, when they are `src` again.
   */
  html: z.string().nullable(),
  /** Whether the reader may read the body and download the attachments (false: `metadata` of a colleague). */
  body_visible: z.boolean(),
  /** Whether the HTML has remote images the reader may choose to load. */
  remote_images: z.boolean(),
  attachments: z.array(EmailAttachment),
});
export type EmailMessage = z.infer<typeof EmailMessage>;
