import { describe, expect, it } from 'vitest';
import {
  ftsMatch,
  nameRange,
  plainTsQuery,
  searchTerms,
  searchText,
  sortName,
  tsQuery,
} from './customer-search.ts';

describe('customer search words', () => {
  it('folds case and diacritics, including letters Unicode does not decompose', () => {
    expect(sortName('  Đurđa   Šimić ')).toBe('durda simic');
    expect(searchTerms('ĐURĐA, šimić!')).toEqual(['durda', 'simic']);
  });

  it('indexes the email parts, the phone groups and digits, and the OIB digits (long numbers as n…)', () => {
    const words = searchText({
      name: 'Ana Kovač',
      email: 'ana.k@posta.hr',
      phone: '+385 91 234-5678',
      oib: 'HR69435151530',
    }).split(' ');
    for (const w of [
      'ana',
      'kovac',
      'posta',
      'hr',
      '385',
      '91',
      '5678',
      'n385912345678',
      'hr69435151530',
      'n69435151530',
    ]) {
      expect(words).toContain(w);
    }
    expect(new Set(words).size).toBe(words.length);
  });

  it('builds prefix queries that cannot inject syntax', () => {
    const terms = searchTerms('"ana" OR kov* -x');
    expect(terms).toEqual(['ana', 'or', 'kov', 'x']);
    expect(ftsMatch(terms)).toBe('"ana"* "or"* "kov"* "x"*');
    expect(searchTerms('091 2345678')).toEqual(['091', 'n2345678']);
    expect(tsQuery(terms)).toBe(
      "('ana':* | '^ana':*) & ('or':* | '^or':*) & ('kov':* | '^kov':*) & ('x':* | '^x':*)",
    );
    expect(tsQuery(['ana', 'n2345678', 'žuti'])).toBe("('ana':* | '^ana':*) & 'n2345678':* & 'žuti':*");
    expect(plainTsQuery(['ana', 'n2345678'])).toBe("'ana':* & 'n2345678':*");
    expect(nameRange('ivana')).toEqual({ from: 'ivana', below: 'ivanb' });
    expect(nameRange('maz')).toEqual({ from: 'maz', below: 'ma{' });
  });
});
