import { afterEach, expect, it, vi } from 'vitest';
import { requestEarly, requestEarlyAfter, takeEarly } from './early-requests.ts';

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

it('asks without a token for a signed-out visitor, and hands the answer to a request without one', async () => {
  const sent = recordFetches();
  requestEarly('/api/app-config', undefined, 'hr');
  expect(sent[0]?.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'hr' });
  expect(takeEarly('/api/app-config', 'token-a')).toBeUndefined();
  requestEarly('/api/app-config', undefined, 'hr');
  expect(await (await takeEarly('/api/app-config', undefined))?.json()).toEqual({ data: 1 });
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

it('asks for a further answer once an early one has arrived and allows it, and still hands that one over', async () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify({ data: { modules: [{ id: 2 }] } })));
  });
  requestEarly('/api/company-modules/1', 'token-a', 'en');
  await requestEarlyAfter(
    '/api/company-modules/1',
    (data) => (JSON.stringify(data).includes('"id":2') ? ['/api/next', '/api/then'] : ['/api/not-wanted']),
    'token-a',
    'en',
  );
  expect(asked).toEqual(['/api/company-modules/1', '/api/next', '/api/then']);
  expect(await (await takeEarly('/api/company-modules/1', 'token-a'))?.json()).toEqual({
    data: { modules: [{ id: 2 }] },
  });
  expect(takeEarly('/api/next', 'token-a')).toBeDefined();
});

it('asks a question once a page, and hands it to the app bundled apart from the script that asked', async () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response('{"data":1}'));
  });
  requestEarly('/api/me/companies?limit=100', 'token-a', 'en');
  requestEarly('/api/me/companies?limit=100', 'token-a', 'en');
  expect(asked).toEqual(['/api/me/companies?limit=100']);
  // The document's inline script and the app each hold their own copy of this module.
  vi.resetModules();
  const app = await import('./early-requests.ts');
  expect(await (await app.takeEarly('/api/me/companies?limit=100', 'token-a'))?.json()).toEqual({ data: 1 });
});
