import { describe, expect, it } from 'vitest';
import { mentionedUserIds, mentionToken, splitMentions } from './mentions.ts';

describe('mentions', () => {
  it('finds each person named by a token once, in order, and nothing in plain @names', () => {
    const text = `Hi @[Ana Horvat](user:12), @Ben and @[Cleo](user:7); again @[Ana](user:12) @[x](user:0) @[y](user:99999999999)`;
    expect(mentionedUserIds(text)).toEqual([12, 7]);
    expect(mentionedUserIds('@[Broken](user:3')).toEqual([]);
  });

  it('makes a token that reads back as the same person, whatever the name holds', () => {
    const token = mentionToken(5, 'Ana [the] Boss\n');
    expect(token).toBe('@[Ana the Boss](user:5)');
    expect(mentionedUserIds(`x ${token} y`)).toEqual([5]);
  });

  it('cuts a text into runs and chips', () => {
    expect(splitMentions('Ask @[Ana](user:3) now')).toEqual([
      { text: 'Ask ' },
      { mention: { id: 3, name: 'Ana' } },
      { text: ' now' },
    ]);
  });
});
