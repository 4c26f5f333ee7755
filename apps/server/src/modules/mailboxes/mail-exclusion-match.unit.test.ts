import { isExclusion, MailExclusionsPutBody, normaliseExclusion } from '@kontora/contract/mail-exclusions';
import { describe, expect, it } from 'vitest';
import { excludesMessage, exclusionMatcher } from './mail-exclusion-match.ts';
import { websiteDomain } from './mail-org-domains.ts';

describe('mail exclusion entries', () => {
  it('are written one way: trimmed, lower case, no leading @ or *., no trailing dot', () => {
    expect(normaliseExclusion('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(normaliseExclusion('@Example.com.')).toBe('example.com');
    expect(normaliseExclusion('*.lawyers.example')).toBe('lawyers.example');
  });

  it('are an address or a domain of two labels at least', () => {
    for (const good of [
      'ana@example.com',
      'a.b+tag@eu.example.co.uk',
      'example.com',
      'xn--bcher-kva.example',
    ])
      expect(isExclusion(good), good).toBe(true);
    for (const bad of [
      'com',
      'ana',
      '@',
      'ana@',
      '@example',
      'ana@com',
      'exa mple.com',
      'a..b.com',
      '-x.com',
      'ana@@x.com',
    ])
      expect(isExclusion(bad), bad).toBe(false);
  });

  it('a list keeps each entry once, sorted, and names the bad one by its place', () => {
    expect(MailExclusionsPutBody.parse({ items: ['B.com', 'b.com', 'a@x.com'] }).items).toEqual([
      'a@x.com',
      'b.com',
    ]);
    const bad = MailExclusionsPutBody.safeParse({ items: ['ok.com', 'not an entry'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['items', 1]);
  });
});

describe('matching an address', () => {
  const matches = exclusionMatcher(['lawyers.example', 'ceo@client.example']);

  it('an address entry matches that address in any case, not its domain', () => {
    expect(matches('CEO@Client.example')).toBe(true);
    expect(matches('sales@client.example')).toBe(false);
  });

  it('a domain entry matches the domain and its subdomains, not a longer name', () => {
    expect(matches('ana@lawyers.example')).toBe(true);
    expect(matches('ana@eu.office.lawyers.example')).toBe(true);
    expect(matches('ana@mylawyers.example')).toBe(false);
    expect(matches('not-an-address')).toBe(false);
  });

  it('an empty list matches nothing', () => {
    expect(exclusionMatcher([])('ana@lawyers.example')).toBe(false);
  });

  it("a message is excluded by any participant but the mailbox's own address", () => {
    const ours = exclusionMatcher(['acme.example']);
    expect(excludesMessage(ours, ['me@acme.example', 'petra@client.example'], 'Me@acme.example')).toBe(false);
    expect(
      excludesMessage(
        ours,
        ['me@acme.example', 'petra@client.example', 'ivo@acme.example'],
        'me@acme.example',
      ),
    ).toBe(true);
  });
});

describe("an organisation's website domain", () => {
  it('is the host as people write it, without scheme, www, port or path', () => {
    expect(websiteDomain('https://www.BigCorp.com:443/about?x=1')).toBe('bigcorp.com');
    expect(websiteDomain('bigcorp.hr')).toBe('bigcorp.hr');
    expect(websiteDomain('shop.bigcorp.hr/')).toBe('shop.bigcorp.hr');
    expect(websiteDomain('localhost')).toBeNull();
  });
});
