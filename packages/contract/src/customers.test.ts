import { describe, expect, it } from 'vitest';
import { CustomerCreateBody, deriveCustomerName, normalizeTags, normalizeWebsite } from './customers.ts';
import { EventCreateBody } from './events.ts';
import { DateTimeInput, oibProblem, Phone } from './fields.ts';

describe('CRM field rules', () => {
  it('checks the OIB for Croatian customers, HR VAT ids and bare 11 digits, not for other countries', () => {
    expect(oibProblem({ country: 'HR', oib: '69435151530' })).toBeNull();
    expect(oibProblem({ country: 'HR', oib: 'HR69435151530' })).toBeNull();
    expect(oibProblem({ country: 'HR', oib: '69435151531' })).toBe('invalid_oib');
    expect(oibProblem({ country: 'HR', oib: 'ABC' })).toBe('invalid_oib');
    expect(oibProblem({ country: null, oib: '69435151531' })).toBe('invalid_oib');
    expect(oibProblem({ country: 'DE', oib: 'HR69435151531' })).toBe('invalid_oib');
    expect(oibProblem({ country: 'IT', oib: '12345678901' })).toBeNull();
    expect(oibProblem({ country: 'DE', oib: 'DE123456789' })).toBeNull();
    expect(oibProblem({ country: 'HR', oib: null })).toBeNull();
  });

  it('normalises tags, websites and phones', () => {
    expect(normalizeTags([' VIP ', 'vip', 'Big  Client', ''])).toEqual(['vip', 'big client']);
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('http://a.example.com/x')).toBe('http://a.example.com/x');
    expect(normalizeWebsite('ftp://example.com')).toBeNull();
    expect(normalizeWebsite('localhost')).toBeNull();
    expect(Phone.parse(' +385  (1) 234-567 ')).toBe('+385 (1) 234-567');
    expect(Phone.safeParse('12345').success).toBe(false);
    expect(Phone.safeParse('call me').success).toBe(false);
  });

  it('derives the display name from the parts the type favours', () => {
    expect(
      deriveCustomerName({
        type: 'person',
        first_name: 'Ana',
        last_name: 'Kos',
        organisation_name: 'Kos d.o.o.',
      }),
    ).toBe('Ana Kos');
    expect(
      deriveCustomerName({ type: 'organisation', first_name: 'Ana', organisation_name: 'Kos d.o.o.' }),
    ).toBe('Kos d.o.o.');
    expect(deriveCustomerName({ type: 'person', name: 'Dr. Ana' })).toBe('Dr. Ana');
    expect(deriveCustomerName({ type: 'person' })).toBeNull();
  });

  it('treats empty form fields as none and reports codes per field', () => {
    const ok = CustomerCreateBody.parse({ name: 'X', email: '', phone: ' ', website: '', country: '' });
    expect(ok).toMatchObject({
      email: null,
      phone: null,
      website: null,
      country: null,
      status: 'lead',
      type: 'person',
      tags: [],
    });
    const bad = CustomerCreateBody.safeParse({ name: 'X', website: 'not a site', country: 'Croatia' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['website', 'invalid_url'],
      ['country', 'invalid_country'],
    ]);
  });
});

describe('event times', () => {
  it('accepts instants with an offset only, normalised to UTC', () => {
    expect(DateTimeInput.parse('2030-05-10T10:00+02:00')).toBe('2030-05-10T08:00:00.000Z');
    expect(DateTimeInput.safeParse('2030-05-10T10:00:00').success).toBe(false);
    expect(DateTimeInput.safeParse('2030-05-10').success).toBe(false);
    expect(DateTimeInput.safeParse('2030-13-40T10:00:00Z').success).toBe(false);
  });

  it('refuses an end before the start', () => {
    const e = EventCreateBody.safeParse({
      title: 'x',
      start_at: '2030-01-02T10:00:00Z',
      end_at: '2030-01-02T09:59:59Z',
    });
    expect(e.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['end_at', 'end_before_start'],
    ]);
  });
});
