import { describe, expect, it } from 'vitest';
import { Email, isValidOib, Password } from './fields.ts';
import { DEFAULT_PREFERENCES, LayoutPreferences, normalizePreferences } from './preferences.ts';

describe('isValidOib (ISO 7064 MOD 11,10)', () => {
  it('accepts OIBs with a correct check digit', () => {
    for (const oib of ['69435151530', '94577403194', '00000000001']) expect(isValidOib(oib), oib).toBe(true);
  });
  it('rejects a wrong check digit, wrong length and non-digits', () => {
    for (const oib of ['69435151531', '6943515153', '694351515300', '6943515153a', ''])
      expect(isValidOib(oib), oib).toBe(false);
  });
});

describe('field primitives', () => {
  it('normalises email case and whitespace', () => {
    expect(Email.parse('  Ana.Horvat@Example.COM ')).toBe('ana.horvat@example.com');
    expect(Email.safeParse('not-an-email').success).toBe(false);
  });
  it('accepts passwords of 10 to 256 characters without composition rules', () => {
    expect(Password.safeParse('a'.repeat(9)).success).toBe(false);
    expect(Password.safeParse('all lower case words').success).toBe(true);
    expect(Password.safeParse('x'.repeat(256)).success).toBe(true);
    expect(Password.safeParse('x'.repeat(257)).success).toBe(false);
  });
});

describe('layout preferences', () => {
  it('allows icon and colored sidebars only in the vertical layout, colored top bar only in horizontal', () => {
    const base = { ...DEFAULT_PREFERENCES };
    expect(LayoutPreferences.safeParse({ ...base, sidebar: 'icon' }).success).toBe(true);
    expect(LayoutPreferences.safeParse({ ...base, layout: 'horizontal', sidebar: 'colored' }).success).toBe(
      false,
    );
    expect(LayoutPreferences.safeParse({ ...base, topbar: 'colored' }).success).toBe(false);
    expect(LayoutPreferences.safeParse({ ...base, layout: 'horizontal', topbar: 'colored' }).success).toBe(
      true,
    );
  });
  it('normalises stored values: defaults for missing or invalid keys, impossible mixes repaired', () => {
    expect(normalizePreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(normalizePreferences({ theme: 'dark', junk: 1, width: 'wide' })).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
    });
    expect(normalizePreferences({ layout: 'horizontal', sidebar: 'icon', topbar: 'colored' })).toMatchObject({
      layout: 'horizontal',
      sidebar: 'dark',
      topbar: 'colored',
    });
  });
});
