import { describe, expect, it } from 'vitest';
import { wantsFreshAnswer } from './cache-control.ts';

describe('wantsFreshAnswer', () => {
  it('reads the no-cache directive of Cache-Control, else of Pragma', () => {
    expect(wantsFreshAnswer({})).toBe(false);
    expect(wantsFreshAnswer({ 'cache-control': 'no-cache' })).toBe(true);
    expect(wantsFreshAnswer({ 'cache-control': 'max-age=0, No-Cache' })).toBe(true);
    expect(wantsFreshAnswer({ 'cache-control': 'no-store' })).toBe(false);
    expect(wantsFreshAnswer({ 'cache-control': 'max-age=60' })).toBe(false);
    expect(wantsFreshAnswer({ pragma: 'no-cache' })).toBe(true);
    expect(wantsFreshAnswer({ 'cache-control': 'max-age=60', pragma: 'no-cache' })).toBe(false);
  });
});
