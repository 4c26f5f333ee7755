import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('where signing in returns to', () => {
  it('is the page the visit asked for, with its query', () => {
    expect(returnPath({ from: '/company/customer/12?company=3' })).toBe('/company/customer/12?company=3');
    expect(returnPath({ from: '/company/calendar?date=2030-06-05&company=3' })).toBe(
      '/company/calendar?date=2030-06-05&company=3',
    );
    expect(returnPath({ from: '/company/social/posts/7' })).toBe('/company/social/posts/7');
    expect(returnPath({ from: '/invitation/abc?answer=decline' })).toBe('/invitation/abc?answer=decline');
    expect(returnPath({ from: '/' })).toBe('/');
  });

  it('is nothing for what is not a route of this app', () => {
    for (const from of [
      '//evil.example.com/company/dashboard',
      '/\\evil.example.com',
      'https://evil.example.com/#/company/dashboard',
      'javascript:alert(1)',
      'company/dashboard',
      '/no/such/page',
      '/company/dashboard#/elsewhere',
      '/company/ dashboard',
      '/login',
      '/login?company=3',
      '/forgot-password',
      '',
    ]) {
      expect(returnPath({ from }), from).toBeNull();
    }
    for (const state of [null, undefined, 'x', {}, { from: 12 }]) expect(returnPath(state)).toBeNull();
  });
});
