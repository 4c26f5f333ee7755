/**
 * GET answers the entry (main.tsx) asks for before the app has loaded, so that the
 * first screen's guards find them on their way instead of asking one round trip after
 * React has started. apiRequest (lib/api-client.ts) takes such an answer once, for the
 * same address and the same session token, while it is fresh; otherwise it fetches.
 * Kept free of imports so it stays in the small entry chunk.
 */
const FRESH_MS = 30_000;

type Early = { token: string | undefined; at: number; response: Promise<Response> };
const early = new Map<string, Early>();

/**
 * `url` as apiRequest builds it (`/api/…` with its query); headers as apiRequest sends them,
 * without a token for a signed-out visitor.
 */
export function requestEarly(url: string, token: string | undefined, language: string): void {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = fetch(url, { headers });
  // A failure surfaces in apiRequest, which takes it as its own.
  response.catch(() => {});
  early.set(url, { token, at: Date.now(), response });
}

export function takeEarly(url: string, token: string | undefined): Promise<Response> | undefined {
  const entry = early.get(url);
  early.delete(url);
  if (!entry || entry.token !== token || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.response;
}

/**
 * Asks for `next` as early as the answer for `url` (asked early too) allows: once it has
 * arrived and `wanted` accepts its `data`, e.g. the dashboard's CRM figures once the
 * company's modules include the CRM. The answer is read from a copy; apiRequest still takes it.
 */
export function requestEarlyAfter(
  url: string,
  wanted: (data: unknown) => boolean,
  next: string,
  token: string,
  language: string,
): void {
  const entry = early.get(url);
  if (!entry) return;
  entry.response
    .then(async (response) => {
      if (!response.ok) return;
      const body: unknown = await response.clone().json();
      if (typeof body === 'object' && body !== null && 'data' in body && wanted(body.data)) {
        requestEarly(next, token, language);
      }
    })
    .catch(() => {});
}
