/**
 * GET answers asked for before the app has loaded, so that the first screen's guards find
 * them on their way instead of asking one round trip after React has started: by the
 * document's inline script (app/first-screen-hints.ts) while the page is read, or by the entry
 * (main.tsx) when that script could not. apiRequest (lib/api-client.ts) takes such an answer
 * once, for the same address and the same session token, while it is fresh; otherwise it
 * fetches. Kept free of imports so it stays in the small entry chunk and the inline script.
 */
const FRESH_MS = 30_000;

type Early = { token: string | undefined; at: number; response: Promise<Response> };
type EarlyState = { answers: Map<string, Early>; firstScreenAsked: boolean };

/**
 * The inline script and the app are bundled apart, each with its own copy of this module: the
 * answers live on the page's global object, so the app takes what the script asked for.
 */
const STATE_KEY = '__kontoraEarlyRequests';
const holder = globalThis as typeof globalThis & { [STATE_KEY]?: EarlyState };
holder[STATE_KEY] ??= { answers: new Map(), firstScreenAsked: false };
const state = holder[STATE_KEY];
const early = state.answers;

/**
 * The first screen's questions are asked once a page: by the inline script, or by the entry
 * when the script did not get to the end of them.
 */
export function firstScreenAsked(): boolean {
  return state.firstScreenAsked;
}

export function noteFirstScreenAsked(): void {
  state.firstScreenAsked = true;
}

/**
 * `url` as apiRequest builds it (`/api/…` with its query); headers as apiRequest sends them,
 * without a token for a signed-out visitor.
 */
export function requestEarly(url: string, token: string | undefined, language: string): void {
  // Already asked on this page (the inline script before the entry): one request per question.
  if (fresh(early.get(url), token)) return;
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
  return fresh(entry, token) ? entry.response : undefined;
}

function fresh(entry: Early | undefined, token: string | undefined): entry is Early {
  return entry !== undefined && entry.token === token && Date.now() - entry.at <= FRESH_MS;
}

/**
 * Asks, in order, for the addresses `next` draws from the answer for `url` (asked early too) as
 * soon as it has arrived: e.g. the dashboard's CRM figures once the company's modules include the
 * CRM, or a deal's people once the deal has answered. The answer is read once, from a copy;
 * apiRequest still takes it. Settles once those questions are asked (or there are none).
 */
export async function requestEarlyAfter(
  url: string,
  next: (data: unknown) => string[],
  token: string,
  language: string,
): Promise<void> {
  const entry = early.get(url);
  if (!entry) return;
  try {
    const response = await entry.response;
    if (!response.ok) return;
    const body: unknown = await response.clone().json();
    if (typeof body !== 'object' || body === null || !('data' in body)) return;
    for (const question of next(body.data)) requestEarly(question, token, language);
  } catch {
    // A failure surfaces in apiRequest, which takes the answer as its own.
  }
}
