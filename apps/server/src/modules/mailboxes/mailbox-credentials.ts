import type { AppContext } from '../../context.ts';
import { type ImapSettings, MailConnectFailure } from './imap-connect.ts';
import { MailTokenError, refreshTokens } from './mail-oauth-providers.ts';
import { markFailing } from './mailbox-health.ts';
import { openSecrets, sealSecrets } from './mailbox-secrets.ts';
import { type MailboxRow, updateMailbox } from './mailboxes.repository.ts';

/** A token this close to its end is refreshed before it is used. */
const REFRESH_AHEAD_MS = 60_000;

export interface MailboxServers {
  imap: ImapSettings;
  /** Null when the mailbox only syncs. */
  smtp: ImapSettings | null;
}

/**
 * The access token of an OAuth mailbox, refreshed first when it ends within a minute. A
 * refusal of the refresh token (invalid_grant: revoked, expired, password changed) marks the
 * mailbox failing with `oauth_revoked`, which only a new sign-in mends; a provider that cannot
 * be reached is `unreachable`, tried again as any failing mailbox is.
 */
async function liveAccessToken(ctx: AppContext, box: MailboxRow): Promise<string> {
  const secrets = openSecrets(ctx, box.secrets);
  const oauth = secrets.oauth;
  if (!oauth || box.auth === 'password') throw new MailConnectFailure('oauth_revoked', 'No tokens are kept.');
  const now = ctx.clock.now();
  if (box.oauth_expires_at && Date.parse(box.oauth_expires_at) - now > REFRESH_AHEAD_MS) return oauth.access;
  if (!oauth.refresh) {
    await markFailing(ctx, box, 'oauth_revoked');
    throw new MailConnectFailure('oauth_revoked', 'The access token ended and there is no refresh token.');
  }
  try {
    const next = await refreshTokens(ctx.config, box.auth, oauth.refresh, now);
    await updateMailbox(ctx.db, box.company_id, box.id, {
      secrets: sealSecrets(ctx, {
        ...secrets,
        oauth: { access: next.accessToken, refresh: next.refreshToken },
      }),
      oauth_expires_at: next.expiresAt,
      updated_at: ctx.clock.nowIso(),
    });
    return next.accessToken;
  } catch (err) {
    if (!(err instanceof MailTokenError)) throw err;
    if (err.kind === 'revoked') {
      await markFailing(ctx, box, 'oauth_revoked');
      throw new MailConnectFailure('oauth_revoked', err.message);
    }
    throw new MailConnectFailure('unreachable', err.message);
  }
}

/**
 * How to log in to the mailbox's servers now: its passwords, or — for a mailbox signed in
 * with a provider — a live access token for XOAUTH2 (the same token serves IMAP and SMTP).
 */
export async function mailboxServers(ctx: AppContext, box: MailboxRow): Promise<MailboxServers> {
  const secrets = openSecrets(ctx, box.secrets);
  const login =
    box.auth === 'password'
      ? { imap: { password: secrets.imap }, smtp: { password: secrets.smtp ?? secrets.imap } }
      : await liveAccessToken(ctx, box).then((accessToken) => {
          const token = { password: '', accessToken };
          return { imap: token, smtp: token };
        });
  return {
    imap: {
      host: box.imap_host,
      port: box.imap_port,
      security: box.imap_security,
      username: box.imap_username,
      ...login.imap,
    },
    smtp:
      box.smtp_host && box.smtp_port
        ? {
            host: box.smtp_host,
            port: box.smtp_port,
            security: box.smtp_security ?? 'tls',
            username: box.smtp_username ?? box.email,
            ...login.smtp,
          }
        : null,
  };
}
