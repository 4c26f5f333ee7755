import { afterEach, expect, it, vi } from 'vitest';
import { requestEarly, requestEarlyAfter, takeEarly } from './early-requests.ts';
import { fakeApiFetch } from './fake-api-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const asked = () => new Promise((resolve) => setTimeout(resolve, 0));

it('hands an early answer over once, to a request with the same address and token', async () => {
  const sent = fakeApiFetch();
  requestEarly('/api/me', 'token-a', 'de');
  await asked();
  expect(sent.headers[0]).toEqual({
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
  const sent = fakeApiFetch();
  requestEarly('/api/app-config', undefined, 'hr');
  await asked();
  expect(sent.headers[0]).toEqual({ Accept: 'application/json', 'Accept-Language': 'hr' });
  expect(takeEarly('/api/app-config', 'token-a')).toBeUndefined();
  requestEarly('/api/app-config', undefined, 'hr');
  expect(await (await takeEarly('/api/app-config', undefined))?.json()).toEqual({ data: 1 });
});

it('asks the questions of one go in one request, and hands each its own answer', async () => {
  const sent = fakeApiFetch((url) => ({ url }));
  requestEarly('/api/me', 'token-a', 'en');
  requestEarly('/api/me/companies?limit=100', 'token-a', 'en');
  requestEarly('/api/app-config', 'token-a', 'en');
  await asked();
  expect(sent.requests).toBe(1);
  expect(sent.asked).toEqual(['/api/me', '/api/me/companies?limit=100', '/api/app-config']);
  expect(sent.headers[0]).toMatchObject({
    Authorization: 'Bearer token-a',
    'Content-Type': 'application/json',
  });
  const companies = await takeEarly('/api/me/companies?limit=100', 'token-a');
  expect(await companies?.json()).toEqual({ data: { url: '/api/me/companies?limit=100' } });
});

it('gives a refused answer its status and Retry-After, and asks one by one a server without the batch', async () => {
  vi.stubGlobal('fetch', async () =>
    Response.json({
      data: {
        answers: [
          { status: 429, body: { code: 'too_many_requests', message: 'Slow down.' }, retry_after: '7' },
          { status: 204, body: null, retry_after: null },
        ],
      },
    }),
  );
  requestEarly('/api/a', 'token-a', 'en');
  requestEarly('/api/b', 'token-a', 'en');
  // Taken by the app while on their way, as the first screen takes them.
  const [a, b] = [takeEarly('/api/a', 'token-a'), takeEarly('/api/b', 'token-a')];
  const refused = await a;
  expect(refused?.status).toBe(429);
  expect(refused?.headers.get('Retry-After')).toBe('7');
  expect(await refused?.json()).toMatchObject({ code: 'too_many_requests' });
  expect((await b)?.status).toBe(204);

  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return url === '/api/batch-get' ? new Response('{}', { status: 404 }) : Response.json({ data: url });
  });
  requestEarly('/api/c', 'token-a', 'en');
  requestEarly('/api/d', 'token-a', 'en');
  expect(await (await takeEarly('/api/d', 'token-a'))?.json()).toEqual({ data: '/api/d' });
  expect(urls).toEqual(['/api/batch-get', '/api/c', '/api/d']);
});

it('keeps no refusal for later: the app asks again', async () => {
  vi.stubGlobal('fetch', async () => new Response('{"code":"module_disabled"}', { status: 403 }));
  requestEarly('/api/companies/1/social/accounts', 'token-a', 'en');
  const taken = takeEarly('/api/companies/1/social/accounts', 'token-a');
  expect((await taken)?.status).toBe(403);
  requestEarly('/api/companies/1/social/accounts', 'token-a', 'en');
  await asked();
  expect(takeEarly('/api/companies/1/social/accounts', 'token-a')).toBeUndefined();
});

it('never hands an answer to another session, nor a stale one', () => {
  fakeApiFetch();
  requestEarly('/api/me', 'token-a', 'en');
  expect(takeEarly('/api/me', 'token-b')).toBeUndefined();
  expect(takeEarly('/api/me', 'token-a')).toBeUndefined();
  vi.useFakeTimers();
  requestEarly('/api/me', 'token-a', 'en');
  vi.advanceTimersByTime(31_000);
  expect(takeEarly('/api/me', 'token-a')).toBeUndefined();
});

it('asks for a further answer once an early one has arrived and allows it, and still hands that one over', async () => {
  const sent = fakeApiFetch(() => ({ modules: [{ id: 2 }] }));
  requestEarly('/api/company-modules/1', 'token-a', 'en');
  await requestEarlyAfter(
    '/api/company-modules/1',
    (data) => (JSON.stringify(data).includes('"id":2') ? ['/api/next', '/api/then'] : ['/api/not-wanted']),
    'token-a',
    'en',
  );
  await asked();
  expect(sent.asked).toEqual(['/api/company-modules/1', '/api/next', '/api/then']);
  expect(await (await takeEarly('/api/company-modules/1', 'token-a'))?.json()).toEqual({
    data: { modules: [{ id: 2 }] },
  });
  expect(takeEarly('/api/next', 'token-a')).toBeDefined();
});

it('asks a question once a page, and hands it to the app bundled apart from the script that asked', async () => {
  const sent = fakeApiFetch();
  requestEarly('/api/me/companies?limit=100', 'token-a', 'en');
  requestEarly('/api/me/companies?limit=100', 'token-a', 'en');
  await asked();
  expect(sent.asked).toEqual(['/api/me/companies?limit=100']);
  // The document's inline script and the app each hold their own copy of this module.
  vi.resetModules();
  const app = await import('./early-requests.ts');
  expect(await (await app.takeEarly('/api/me/companies?limit=100', 'token-a'))?.json()).toEqual({ data: 1 });
});
