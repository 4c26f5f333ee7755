import { describe, expect, it } from 'vitest';
import { loadConfig, mailServerOf } from '../../config.ts';
import { authorizationUrl, emailOfIdToken } from './mail-oauth-providers.ts';

const jwt = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'c2ln'].join('.');

describe('mailbox sign-in providers', () => {
  it("reads the address from the id_token's email, else Microsoft's preferred_username", () => {
    expect(emailOfIdToken(jwt({ email: 'Ana@Gmail.com' }))).toBe('ana@gmail.com');
    expect(emailOfIdToken(jwt({ preferred_username: 'ana@contoso.onmicrosoft.com' }))).toBe(
      'ana@contoso.onmicrosoft.com',
    );
    // A sign-in name that is no address, a broken or missing token: no address.
    expect(emailOfIdToken(jwt({ preferred_username: 'ana' }))).toBeNull();
    expect(emailOfIdToken('not-a-jwt')).toBeNull();
    expect(emailOfIdToken('a.!!!.c')).toBeNull();
    expect(emailOfIdToken(undefined)).toBeNull();
  });

  it('reads a mail server address: TLS, STARTTLS or plain', () => {
    expect(mailServerOf('imaps://imap.gmail.com:993', ['imap', 'imaps'])).toEqual({
      host: 'imap.gmail.com',
      port: 993,
      security: 'tls',
    });
    expect(mailServerOf('smtp://smtp.office365.com:587', ['smtp', 'smtps'])?.security).toBe('starttls');
    expect(mailServerOf('imap://127.0.0.1:1143?security=none', ['imap', 'imaps'])?.security).toBe('none');
    expect(mailServerOf('imap://[::1]:143', ['imap', 'imaps'])?.host).toBe('::1');
    // No port, the other protocol, not a URL.
    expect(mailServerOf('imaps://imap.gmail.com', ['imap', 'imaps'])).toBeNull();
    expect(mailServerOf('smtps://smtp.gmail.com:465', ['imap', 'imaps'])).toBeNull();
    expect(mailServerOf('imap.gmail.com:993', ['imap', 'imaps'])).toBeNull();
    expect(() =>
      loadConfig({ SECRET_KEY: 'k'.repeat(64), MAIL_OAUTH_GOOGLE_IMAP: 'imap.gmail.com' }),
    ).toThrow(/MAIL_OAUTH_GOOGLE_IMAP/);
  });

  it('asks each provider for mail access, the address and a refresh token, with PKCE', () => {
    const config = loadConfig({
      SECRET_KEY: 'k'.repeat(64),
      MAIL_OAUTH_GOOGLE_CLIENT_ID: 'g-id',
      MAIL_OAUTH_MICROSOFT_CLIENT_ID: 'm-id',
    });
    const params = { state: 's1', redirectUri: 'https://crm.example.com/cb', codeChallenge: 'c1' };
    const google = new URL(authorizationUrl(config, 'google', params));
    expect(google.origin + google.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      client_id: 'g-id',
      scope: 'openid email https://mail.google.com/',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      state: 's1',
    });
    const microsoft = new URL(authorizationUrl(config, 'microsoft', params));
    expect(microsoft.searchParams.get('scope')).toBe(
      'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
    );
  });
});
