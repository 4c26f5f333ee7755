import { describe, expect, it } from 'vitest';
import { reasonOf } from './imap-connect.ts';
import { hasRemoteImages, parseEmail, sanitiseEmailHtml, withRemoteImages } from './mail-parse.ts';

const error = (message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), extra);

describe('connect failure reasons', () => {
  it.each([
    [
      error('Command failed', { authenticationFailed: true, serverResponseCode: 'AUTHENTICATIONFAILED' }),
      'wrong_password',
    ],
    [
      error('Command failed', { authenticationFailed: true, serverResponseCode: 'UNAVAILABLE' }),
      'unreachable',
    ],
    [error('getaddrinfo ENOTFOUND mail.example.invalid', { code: 'ENOTFOUND' }), 'host_not_found'],
    [error('self-signed certificate', { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'tls_error'],
    [error('Server does not support STARTTLS'), 'tls_error'],
    [
      error('Login failed', {
        responseText: 'Plaintext authentication disallowed',
        serverResponseCode: 'PRIVACYREQUIRED',
      }),
      'login_disabled',
    ],
    [error('LOGINDISABLED advertised'), 'login_disabled'],
    [error('connect ECONNREFUSED 127.0.0.1:1', { code: 'ECONNREFUSED' }), 'unreachable'],
    [error('Connection timed out', { code: 'CONNECT_TIMEOUT' }), 'unreachable'],
  ])('%s → %s', (err, reason) => {
    expect(reasonOf(err)).toBe(reason);
  });
});

describe('mail bodies', () => {
  it('keeps text and links, drops scripts, handlers and styles; remote images load nothing', () => {
    const html = sanitiseEmailHtml(
      '<style>p{}</style><p onclick="x()">Hi<script>alert(1)</script></p>' +
        '<img src="https://t.example.com/p.gif"><img src="cid:logo@x" alt="logo">' +
        '<a href="javascript:alert(1)">bad</a><a href="https://example.com">ok</a>',
    );
    expect(html).not.toMatch(/script|onclick|style| src="https|javascript/);
    expect(html).toContain('<img data-remote-src="https://t.example.com/p.gif" />');
    expect(html).toContain('<img src="cid:logo@x" alt="logo" />');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('loads remote images only when asked, and never a forged or non-http address', () => {
    const stored = sanitiseEmailHtml(
      '<img src="https://t.example.com/p.gif" alt="p">' +
        '<img data-remote-src="javascript:alert(1)" src="data:image/png;base64,AA==">' +
        '<img src="ftp://x.example.com/a.png"><p>data-remote-src="https://evil.example"</p>',
    );
    expect(hasRemoteImages(stored)).toBe(true);
    expect(stored).not.toContain('javascript');
    expect(stored).not.toContain('ftp:');
    const shown = withRemoteImages(stored);
    expect(shown).toContain('<img alt="p" src="https://t.example.com/p.gif" />');
    expect(shown).toContain('<img src="data:image/png;base64,AA==" />');
    expect(shown).not.toMatch(/<img[^>]*evil/);
    expect(hasRemoteImages(sanitiseEmailHtml('<p>data-remote-src="https://e.example"</p>'))).toBe(false);
  });

  it('reads a message without Message-ID, date or valid charset, the same way twice', async () => {
    const raw = Buffer.from(
      'From: a@b.test\r\nSubject: =?x-none?Q?=FF?=\r\nContent-Type: text/plain; charset=x-none\r\n\r\n\u0000hi\r\n',
    );
    const fallback = new Date('2026-01-02T03:04:05Z');
    const [first, second] = [await parseEmail(raw, fallback), await parseEmail(raw, fallback)];
    expect(first.messageId).toMatch(/^<[0-9a-f]{32}@kontora\.invalid>$/);
    expect(second.messageId).toBe(first.messageId);
    expect(first.date).toBe(fallback.toISOString());
    expect(first.from).toEqual({ address: 'a@b.test', name: null });
    expect(first.text).not.toContain('\u0000');
  });
});
