import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt } from './mention-suggestions.ts';

describe('mention suggestions', () => {
  it('sees a mention being typed only right after an @ that starts a word', () => {
    expect(mentionQueryAt('Ask @an', 7)).toEqual({ start: 4, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('Ask @ana now', 12)).toBeNull();
  });

  it('puts the token in place of what was typed, caret after it', () => {
    const text = 'Ask @an today';
    expect(insertMention(text, 7, { start: 4 }, { id: 3, name: 'Ana' })).toEqual({
      text: 'Ask @[Ana](user:3)  today',
      caret: 19,
    });
  });
});
