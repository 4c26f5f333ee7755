import { isIP } from 'node:net';
import type { MailConnectError } from '@kontora/contract/mailboxes';
import { ImapFlow } from 'imapflow';
import type { AppContext } from '../../context.ts';
import {
  allowListOf,
  BlockedAddressError,
  resolveGuardedAddress,
} from '../../lib/outbound-http/address-guard.ts';

export interface ImapSettings {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
  username: string;
  password: string;
  /** An OAuth 2 access token (decision 078): the login is XOAUTH2 instead of the password. */
  accessToken?: string;
}

/** The login imapflow and nodemailer are given: the token where there is one, else the password. */
export const loginOf = (settings: ImapSettings) =>
  settings.accessToken
    ? { user: settings.username, accessToken: settings.accessToken }
    : { user: settings.username, pass: settings.password };

/** A connection that could not be made, with the reason the person is shown. */
export class MailConnectFailure extends Error {
  readonly reason: MailConnectError;
  constructor(reason: MailConnectError, message: string) {
    super(message);
    this.reason = reason;
  }
}

type ImapError = Error & {
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
};

const TLS_FAILURE =
  /^(ERR_TLS|ERR_SSL|EPROTO|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ClosedAfterConnectTLS|UPGRADE_TIMEOUT)/;

/** The reason code of a failed connect or login, from what ImapFlow and Node report. */
export function reasonOf(err: unknown): MailConnectError {
  const e = err as ImapError;
  const said = `${e.serverResponseCode ?? ''} ${e.responseText ?? ''} ${e.message ?? ''}`;
  if (/LOGINDISABLED|PRIVACYREQUIRED|login.{0,20}disabled/i.test(said)) return 'login_disabled';
  if (e.authenticationFailed)
    return e.serverResponseCode === 'UNAVAILABLE' ? 'unreachable' : 'wrong_password';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'host_not_found';
  if ((e.code && TLS_FAILURE.test(e.code)) || /STARTTLS|certificate|\bTLS\b|\bSSL\b/i.test(said))
    return 'tls_error';
  return 'unreachable';
}

/**
 * The address to connect to for a mail host a person chose (IMAP or SMTP): resolved once and
 * refused when private, loopback, link-local or metadata unless WEBHOOK_ALLOWED_HOSTS lets
 * it through (decision 031). `host` is the name without IPv6 brackets, for TLS.
 */
export async function guardedAddress(
  ctx: AppContext,
  chosen: string,
): Promise<{ host: string; address: string }> {
  const host = chosen.replace(/^\[|\]$/g, '');
  try {
    const url = new URL(`imap://${isIP(host) === 6 ? `[${host}]` : host}`);
    const { address } = await resolveGuardedAddress(url, allowListOf(ctx.config.webhookAllowedHosts));
    return { host, address };
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new MailConnectFailure('private_address', err.message);
    throw new MailConnectFailure('host_not_found', (err as Error).message);
  }
}

/**
 * Opens and authenticates an IMAP connection. The host is a person's choice, so it goes
 * through the same address rules as webhooks and connectors (decision 031): resolved once,
 * refused when private, loopback, link-local or metadata unless WEBHOOK_ALLOWED_HOSTS lets
 * it through, and the connection goes to the address that was checked (TLS still checks
 * the certificate against the host name).
 */
export async function openImap(
  ctx: AppContext,
  settings: ImapSettings,
  /** The IDLE watch restarts IDLE this often, so a quiet connection is not taken for a dead one. */
  options: { maxIdleTime?: number } = {},
): Promise<ImapFlow> {
  const { host, address } = await guardedAddress(ctx, settings.host);
  const client = new ImapFlow({
    host: address,
    port: settings.port,
    secure: settings.security === 'tls',
    doSTARTTLS: settings.security === 'starttls',
    ...(isIP(host) ? {} : { servername: host, tls: { servername: host } }),
    auth: loginOf(settings),
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
    ...options,
  });
  // A dropped connection is reported by the command that was running; the event must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    client.close();
    const reason = reasonOf(err);
    // A refused token means the grant is gone (or the account is another): only a new sign-in helps.
    const refused = settings.accessToken && reason === 'wrong_password' ? 'oauth_revoked' : reason;
    throw new MailConnectFailure(refused, (err as Error).message);
  }
  return client;
}

/** Tests the settings: connects, logs in and out. */
export async function testImap(ctx: AppContext, settings: ImapSettings): Promise<void> {
  const client = await openImap(ctx, settings);
  await client.logout().catch(() => client.close());
}
