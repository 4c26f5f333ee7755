import { vi } from 'vitest';

/**
 * For unit tests of the early questions: stands in for `fetch` as the server answers, the
 * batch of `POST /api/batch-get` included (each address answered as its own GET). Records the
 * addresses asked (a batch's one by one), the requests sent and their headers.
 */
export function fakeApiFetch(answer: (url: string) => unknown = () => 1) {
  const sent = { asked: [] as string[], requests: 0, headers: [] as Record<string, string>[] };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.requests++;
    sent.headers.push({ ...(init.headers as Record<string, string>) });
    if (url !== '/api/batch-get') {
      sent.asked.push(url);
      return new Response(JSON.stringify({ data: answer(url) }));
    }
    const { get } = JSON.parse(String(init.body)) as { get: string[] };
    sent.asked.push(...get);
    const answers = get.map((path) => ({ status: 200, body: { data: answer(path) }, retry_after: null }));
    return new Response(JSON.stringify({ data: { answers } }));
  });
  return sent;
}
