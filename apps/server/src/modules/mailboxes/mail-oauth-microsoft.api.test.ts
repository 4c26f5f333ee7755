import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { mailOauthBrowser, type OauthMailStage, startOauthMailStage } from './mail-oauth-test-kit.ts';
import { mailCalls } from './mail-test-kit.ts';

/**
 * A Microsoft 365 mailbox by sign-in (decision 078), in a deployment that configured only
 * Microsoft: its scopes, the address from the id_token's sign-in name, XOAUTH2 for IMAP and
 * SMTP, and — unlike Gmail — the sent copy filed in Sent by IMAP.
 */

const ANA_365 = 'ana@contoso.test';
const PETRA = 'petra@client.test';
const SLOW = 90_000;

let stage: OauthMailStage;
let c: TwoCompanies;

const { url, ok } = mailCalls(() => stage.t);
const { start, signIn } = mailOauthBrowser(
  () => stage.t,
  () => stage.provider,
);

beforeAll(async () => {
  stage = await startOauthMailStage('microsoft', [ANA_365]);
  // A Microsoft account may have no `email` claim: its sign-in name is the address.
  stage.provider.controls.addressClaim = 'preferred_username';
  c = await twoCompanies(stage.t, [0, 1, 2]);
  await ok(c.ana.token, 'POST', url(c.acme, '/customers'), {
    type: 'person',
    first_name: 'Petra',
    email: PETRA,
  });
  await stage.dovecot.append(
    ANA_365,
    'INBOX',
    `From: Petra <${PETRA}>\r\nTo: ${ANA_365}\r\nSubject: Invoice 12\r\nMessage-ID: <ms-1@client.test>\r\nDate: ${new Date(Date.now() - 3_600_000).toUTCString()}\r\n\r\nPlease find it attached.\r\n`,
  );
}, 60_000);

afterAll(() => stage?.close());

describe('mailbox sign-in with Microsoft', () => {
  it(
    'connects, syncs and sends over XOAUTH2, filing the sent copy in Sent',
    async () => {
      expect(await ok(c.ana.token, 'GET', url(c.acme, '/mailboxes/oauth/providers'))).toEqual({
        items: ['microsoft'],
      });
      const google = await start(c.ana.token, c.acme, { provider: 'google' });
      expect(google.res.statusCode).toBe(400);

      const landed = await signIn(c.ana.token, c.acme, ANA_365, { provider: 'microsoft' });
      expect(landed).toContain(`mailbox_connected=microsoft&company=${c.acme}`);
      expect(stage.provider.controls.scopes.at(-1)).toBe(
        'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
      );
      const [box] = (await ok<{ items: Mailbox[] }>(c.ana.token, 'GET', url(c.acme, '/mailboxes'))).items;
      expect(box).toMatchObject({ email: ANA_365, auth: 'microsoft', visibility: 'metadata', sync_days: 90 });
      await stage.t.ctx.jobs.drain(30_000);
      const [petra] = (await ok<{ items: { id: number }[] }>(c.ana.token, 'GET', url(c.acme, '/customers')))
        .items;
      const threads = await ok<{ items: EmailThread[] }>(
        c.ana.token,
        'GET',
        url(c.acme, `/customers/${petra?.id}/emails`),
      );
      expect(threads.items.map((th) => th.subject)).toEqual(['Invoice 12']);

      await ok<{ items: OutgoingEmail[] }>(c.ana.token, 'POST', url(c.acme, '/emails'), {
        mailbox_id: box?.id,
        to: [PETRA],
        subject: 'Re: Invoice 12',
        text: 'Paid today.',
        send_at: new Date().toISOString(),
      });
      await stage.t.ctx.jobs.drain(30_000);
      expect(stage.smtp.logins).toEqual([ANA_365]);
      const sent = await Promise.all(
        (await stage.dovecot.messages(ANA_365, 'Sent')).map((raw) => simpleParser(raw)),
      );
      expect(sent.map((m) => m.subject)).toEqual(['Re: Invoice 12']);
    },
    SLOW,
  );
});
