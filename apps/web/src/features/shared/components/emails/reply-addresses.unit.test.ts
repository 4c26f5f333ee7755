import type { EmailMessage } from '@kontora/contract/mailboxes';
import { describe, expect, it } from 'vitest';
import { replyAddressing, replySubject } from './reply-addresses.ts';

const at = (address: string) => ({ address, name: null });
const message = (over: Partial<EmailMessage>): EmailMessage => ({
  id: 1,
  thread_id: 1,
  from: at('petra@client.test'),
  to: [at('ana@acme.test'), at('ivan@client.test')],
  cc: [at('Boss@Acme.test'), at('olga@client.test')],
  subject: 'Offer',
  date: '2026-11-27T10:00:00.000Z',
  text: null,
  html: null,
  body_visible: true,
  remote_images: false,
  attachments: [],
  ...over,
});
const own = new Set(['ana@acme.test', 'boss@acme.test']);

describe('replySubject', () => {
  it('adds "Re: " once', () => {
    expect(replySubject('Offer')).toBe('Re: Offer');
    expect(replySubject('Re: Offer')).toBe('Re: Offer');
    expect(replySubject('RE : Offer')).toBe('RE : Offer');
    expect(replySubject('')).toBe('Re:');
  });
});

describe('replyAddressing', () => {
  it('answers the sender only', () => {
    expect(replyAddressing(message({}), own, false)).toEqual({
      to: ['petra@client.test'],
      cc: [],
      subject: 'Re: Offer',
    });
  });

  it('answers everyone but the reader, keeping the Cc', () => {
    expect(replyAddressing(message({}), own, true)).toEqual({
      to: ['petra@client.test', 'ivan@client.test'],
      cc: ['olga@client.test'],
      subject: 'Re: Offer',
    });
  });

  it("answers the recipients of the reader's own message, each address once", () => {
    const mine = message({
      from: at('ANA@acme.test'),
      to: [at('petra@client.test')],
      cc: [at('petra@client.test')],
    });
    expect(replyAddressing(mine, own, false).to).toEqual(['petra@client.test']);
    expect(replyAddressing(mine, own, true)).toMatchObject({ to: ['petra@client.test'], cc: [] });
  });

  it('has no one to answer without a sender', () => {
    expect(replyAddressing(message({ from: null }), own, false).to).toEqual([]);
  });
});
