/**
 * GET answers the entry (main.tsx) asks for before the app has loaded, so that the
 * first screen's guards find them on their way instead of asking one round trip after
 * React has started. apiRequest (lib/api-client.ts) takes such an answer once, for the
 * same address and the same session token, while it is fresh; otherwise it fetches.
 * Kept free of imports so it stays in the small entry chunk.
 */
const FRESH_MS = 30_000;

type Early = { token: string; at: number; response: Promise<Response> };
const early = new Map<string, Early>();

/** `url` as apiRequest builds it (`/api/…` with its query); headers as apiRequest sends them. */
export function requestEarly(url: string, token: string, language: string): void {
  const response = fetch(url, {
    headers: { Accept: 'application/json', 'Accept-Language': language, Authorization: `Bearer ${token}` },
  });
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
