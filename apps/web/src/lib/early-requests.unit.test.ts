import { afterEach, expect, it, vi } from 'vitest';
import { requestEarly, takeEarly } from './early-requests.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function recordFetches(): RequestInit[] {
  const sent: RequestInit[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    sent.push(init);
    return Promise.resolve(new Response('{"data":1}'));
  });
  return sent;
}

it('hands an early answer over once, to a request with the same address and token', async () => {
  const sent = recordFetches();
  requestEarly('/api/me', 'token-a', 'de');
  expect(sent[0]?.headers).toEqual({
    Accept: 'application/json',
    'Accept-Language': 'de',
    Authorization: 'Bearer token-a',
  });
  expect(takeEarly('/api/me?x=1', 'token-a')).toBeUndefined();
  const answer = takeEarly('/api/me', 'token-a');
  expect(await (await answer)?.json()).toEqual({ data: 1 });
  expect(takeEarly('/api/me', 'token-a')).toBeUndefined();
});

it('never hands an answer to another session, nor a stale one', () => {
  recordFetches();
  requestEarly('/api/me', 'token-a', 'en');
  expect(takeEarly('/api/me', 'token-b')).toBeUndefined();
  expect(takeEarly('/api/me', 'token-a')).toBeUndefined();
  vi.useFakeTimers();
  requestEarly('/api/me', 'token-a', 'en');
  vi.advanceTimersByTime(31_000);
  expect(takeEarly('/api/me', 'token-a')).toBeUndefined();
});
