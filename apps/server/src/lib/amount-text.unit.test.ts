import { describe, expect, it } from 'vitest';
import { readAmount } from './amount-text.ts';

describe('readAmount', () => {
  it('reads plain numbers and both separator conventions', () => {
    expect(readAmount('1234.5', 'EUR')).toBe(1234.5);
    expect(readAmount('1.234,56', 'EUR')).toBe(1234.56);
    expect(readAmount('1,234.56', 'EUR')).toBe(1234.56);
    expect(readAmount('1 234,5', 'EUR')).toBe(1234.5);
    expect(readAmount('2.500.000', 'EUR')).toBe(2500000);
  });

  it('lets the company currency decide a lone separator before three digits', () => {
    expect(readAmount('1.234', 'EUR')).toBe(1234);
    expect(readAmount('1,234', 'EUR')).toBe(1.234);
    expect(readAmount('1,234', 'USD')).toBe(1234);
    expect(readAmount('1.234', 'USD')).toBe(1.234);
  });

  it('accepts the company currency by code or symbol, and refuses another', () => {
    expect(readAmount('€ 1.200,00', 'EUR')).toBe(1200);
    expect(readAmount('1200 EUR', 'EUR')).toBe(1200);
    expect(readAmount('$1,200.50', 'USD')).toBe(1200.5);
    expect(readAmount('1200 USD', 'EUR')).toEqual({ reason: 'other_currency' });
    expect(readAmount('$1200', 'EUR')).toEqual({ reason: 'other_currency' });
  });

  it('refuses what is no number', () => {
    expect(readAmount('lots', 'EUR')).toEqual({ reason: 'invalid_number' });
    expect(readAmount('abc', 'EUR')).toEqual({ reason: 'invalid_number' });
    expect(readAmount('1,2,3.4.5', 'EUR')).toEqual({ reason: 'invalid_number' });
    expect(readAmount('12.34.56', 'EUR')).toEqual({ reason: 'invalid_number' });
    expect(readAmount('', 'EUR')).toEqual({ reason: 'invalid_number' });
  });
});
