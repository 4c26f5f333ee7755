import { describe, expect, it } from 'vitest';
import { dealWords, OWN_WORDS_MAX, ownWords, VALUE_WORDS_MAX, words } from './search-words.ts';

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
