import { CustomerCreateBody } from '@kontora/contract/customers';
import { describe, expect, it } from 'vitest';
import { readCreateBody } from './customer-import-row-check.ts';

/**
 * The import's plain reading of a row must answer exactly what the contract's schema does: the
 * same customer for every row the schema accepts, and nothing (the schema decides) for every row
 * it refuses.
 */
const VALID_OIB = '69435151530';
const long = (n: number) => 'x'.repeat(n);

const POOLS: Record<string, unknown[]> = {
  type: ['person', 'organisation', 'organization', 'Person', '', 'robot'],
  status: ['lead', 'prospect', 'customer', 'inactive', 'Lead', 'gone', ''],
  name: [
    'Ana Horvat',
    '  Ana  ',
    '',
    ' ',
    long(200),
    long(201),
    `Ana${String.fromCharCode(7)}`,
    'Ana\tHorvat',
    'Đuro Š',
  ],
  first_name: ['Ivan', '', long(120), long(121), 'I\u0000'],
  last_name: ['Horvat', ' ', long(121)],
  organisation_name: ['Kontora d.o.o.', '', long(201)],
  email: [
    'Ana@Example.COM',
    ' ana@example.com ',
    '',
    'not-an-email',
    'a@b',
    'a..b@example.com',
    `${long(250)}@example.com`,
    "o'brien+x@mail.example.hr",
  ],
  phone: [
    '+385 1  234 5678',
    '01/234-567',
    '12345',
    '+385 (91) 555.0199',
    'call me',
    '1'.repeat(16),
    '',
    long(41),
  ],
  website: [
    'example.com',
    'https://www.example.com/path?q=1',
    'ftp://example.com',
    'http://localhost',
    'exa mple.com',
    '',
    `https://${long(495)}.com`,
    'HTTP://Example.com',
  ],
  address: ['Ilica 1, Zagreb', 'Line one\nLine two', `bad${String.fromCharCode(1)}`, '', long(501)],
  country: ['HR', 'hr', ' de ', 'HRV', '', '1A', 'ﬁ'],
  oib: [
    VALID_OIB,
    '12345678901',
    `HR${VALID_OIB}`,
    'DE 123 456 789',
    'de123456789',
    'A/B-C.D',
    'bad*id',
    '',
    '1'.repeat(33),
    ` ${'1 '.repeat(19)}`,
    '1'.repeat(41),
  ],
  owner_id: [7, null, 0, -1, 1.5, 2_147_483_648],
  tags: [
    ['import', 'bench'],
    ['A', 'a', ' a ', ''],
    ['x  y', 'Z'],
    [],
    Array.from({ length: 21 }, (_, i) => `t${i}`),
    Array.from({ length: 101 }, () => 'same'),
    [long(41)],
    [long(201)],
    ['tab\there'],
    [''],
  ],
  source: ['csv', '', long(101)],
  notes: ['Row 1\nof a file', '', long(10_001), `x${String.fromCharCode(0x7f)}`],
};

function agree(input: Record<string, unknown>): boolean {
  const schema = CustomerCreateBody.safeParse(input);
  const plain = readCreateBody(input);
  if (schema.success) {
    expect(plain, JSON.stringify(input)).toEqual(schema.data);
  } else {
    expect(plain, JSON.stringify(input)).toBeUndefined();
  }
  return schema.success;
}

/** A small deterministic generator, so a failing sample is the same on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('an import row read without the schema', () => {
  it('is the schema’s customer for each field alone, valid or not', () => {
    let accepted = 0;
    for (const [field, values] of Object.entries(POOLS)) {
      for (const value of values) {
        if (agree({ name: 'Ana', [field]: value })) accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(40);
  });

  it('is the schema’s answer for rows of many fields mixed at random', () => {
    const next = random(31);
    const fields = Object.keys(POOLS);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 4000; i++) {
      const input: Record<string, unknown> = {};
      for (const field of fields) {
        // Valid values are the first ones of each pool: most rows of a real file are valid.
        const pool = POOLS[field] ?? [];
        if (next() < 0.5) input[field] = pool[Math.floor(next() ** 3 * pool.length)];
      }
      if (agree(input)) accepted++;
      else refused++;
    }
    expect(accepted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('leaves to the schema what it does not know, and whole-customer problems', () => {
    expect(readCreateBody({ name: 'Ana', organisations: 'Kontora' })).toBeUndefined();
    expect(readCreateBody({ name: 'Ana', constructor: 'x' })).toBeUndefined();
    expect(readCreateBody({ type: 'person' })).toBeUndefined();
    expect(readCreateBody({ name: 'Ana', oib: '12345678901', country: 'HR' })).toBeUndefined();
    expect(readCreateBody({ first_name: 'Ana', last_name: 'Horvat' })).toEqual(
      CustomerCreateBody.parse({ first_name: 'Ana', last_name: 'Horvat' }),
    );
  });
});
