import { describe, expect, it } from 'vitest';
import { dealWords, fold, isAscii, OWN_WORDS_MAX, ownWords, VALUE_WORDS_MAX, words } from './search-words.ts';

describe('own text values as search words', () => {
  it('folds words, drops an address scheme and www, adds a phone’s digits together', () => {
    expect(
      ownWords(
        [
          { type: 'text', text: 'Hotel Đakovo' },
          { type: 'url', text: 'https://www.Hotel-Split.example/rooms' },
          { type: 'phone', text: '+385 91 555 0199' },
        ],
        words,
      ),
    ).toEqual(['hotel', 'dakovo', 'split', 'example', 'rooms', '385', '91', '555', '0199', 'n385915550199']);
  });

  it('leaves out words already there and caps a value and a record', () => {
    const taken = new Set(['hotel']);
    expect(ownWords([{ type: 'text', text: 'Hotel Mare' }], words, taken)).toEqual(['mare']);
    expect(taken.has('mare')).toBe(true);
    const long = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const one = ownWords([{ type: 'long_text', text: long }], dealWords);
    expect(one.join(' ').length).toBeLessThanOrEqual(VALUE_WORDS_MAX);
    expect(one[0]).toBe('w0');
    const many = ownWords(
      Array.from({ length: 10 }, (_, f) => ({ type: 'text', text: long.replaceAll('w', `f${f}x`) })),
      words,
    );
    expect(many.join(' ').length).toBeLessThanOrEqual(OWN_WORDS_MAX);
    expect(many.some((w) => w.startsWith('f1x'))).toBe(true);
  });
});

describe('words of ASCII text', () => {
  // The Unicode path, as every text went through before ASCII text took the plain one.
  const unicodeWords = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(
        /[đłøæœßþı]/g,
        (c) => ({ đ: 'd', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i' })[c] ?? c,
      )
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((w) => (/^\d{6,}$/.test(w) ? `n${w}` : w));

  it('are the words the Unicode rules find, for ASCII and for other text', () => {
    const samples = [
      'Person gen 1,person@Example.COM',
      '+385 1 1000123',
      'Ilica 12, Zagreb_10000 — (HQ)',
      "O'Brien & Sons, d.o.o.",
      'tab\there\nline\r\nend ~`!@#$%^&*()[]{}|\\;:"<>?/',
      'Đuro Škarić, Ærø Straße',
      'ﬁne ½ café Ⅻ ２０２６',
      'ıstanbul ŁÓDŹ',
      '',
      '   ',
      '0123456789 12345 123456',
    ];
    for (const sample of samples) expect(words(sample), sample).toEqual(unicodeWords(sample));
    for (let c = 0; c < 128; c++) {
      const sample = `a${String.fromCharCode(c)}B${c}`;
      expect(words(sample), `code ${c}`).toEqual(unicodeWords(sample));
    }
  });

  it('folds ASCII text to lower case and leaves other text to Unicode folding', () => {
    expect(fold('Ivan HORVAT')).toBe('ivan horvat');
    expect(fold('Đakovo Čakovec')).toBe('dakovo cakovec');
    expect(isAscii('plain text 123')).toBe(true);
    expect(isAscii('café')).toBe(false);
  });
});
