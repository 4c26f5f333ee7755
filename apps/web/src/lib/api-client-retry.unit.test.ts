import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest asks again', () => {
  it('after the wait the server gives while an import finishes (503 import_finishing: nothing written)', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        answer(503, { code: 'import_finishing', message: 'An import is finishing.' }, { 'retry-after': '2' }),
      )
      .mockResolvedValueOnce(answer(201, { data: { id: 7 } }));
    vi.stubGlobal('fetch', fetch);
    const saved = apiRequest<{ id: number }>('POST', '/api/things', { body: { name: 'x' } });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(saved).resolves.toEqual({ id: 7 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('not after another refusal', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(503, { code: 'internal_error', message: 'Down.' }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('POST', '/api/things', { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
