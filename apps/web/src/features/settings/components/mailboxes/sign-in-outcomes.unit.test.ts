/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_CONNECT_ERRORS, MAIL_OAUTH_OUTCOMES } from '@kontora/contract/mailboxes';
import { describe, expect, it } from 'vitest';

const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../../public/assets/i18n/en.json'), 'utf8'),
) as { mailboxes: { oauth: { outcome: Record<string, string> }; connectErrors: Record<string, string> } };

describe('the outcomes a mailbox sign-in lands with', () => {
  it('are each said in words: the sign-in’s own, or why the mail server refused', () => {
    const unsaid = MAIL_OAUTH_OUTCOMES.filter((code) =>
      (MAIL_CONNECT_ERRORS as readonly string[]).includes(code)
        ? !english.mailboxes.connectErrors[code]
        : !english.mailboxes.oauth.outcome[code],
    );
    expect(unsaid).toEqual([]);
  });
});
