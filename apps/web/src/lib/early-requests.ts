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
 * without a token for a signed-out visitor. The questions asked in one go (one synchronous run)
 * leave together in one request (`askTogether`).
 */
export function requestEarly(url: string, token: string | undefined, language: string): void {
  // Already asked on this page (the inline script before the entry): one request per question.
  if (fresh(early.get(url), token)) return;
  const response = new Promise<Response>((resolve, reject) => {
    const key = `${token ?? ''}\n${language}`;
    const group = queued.get(key) ?? { token, language, questions: [] };
    if (group.questions.length === 0) queued.set(key, group);
    group.questions.push({ url, resolve, reject });
    if (queued.size === 1 && group.questions.length === 1) queueMicrotask(flush);
  });
  const entry = { token, at: Date.now(), response };
  // A refusal or a failure is not kept for later: it may say what was so when the page loaded
  // (a module then off), so the app asks again. One taken before it arrived is the app's own.
  const forget = () => {
    if (early.get(url) === entry) early.delete(url);
  };
  response.then((answer) => answer.ok || forget(), forget);
  early.set(url, entry);
}

type Question = { url: string; resolve: (response: Response) => void; reject: (cause: unknown) => void };
type Group = { token: string | undefined; language: string; questions: Question[] };
const queued = new Map<string, Group>();

function flush(): void {
  const groups = [...queued.values()];
  queued.clear();
  for (const group of groups) void askTogether(group);
}

/** `POST /api/batch-get` (packages/contract/src/batch-get.ts), written here without imports. */
const BATCH_PATH = '/api/batch-get';
const BATCH_MAX = 25;

/**
 * Many questions in one round trip: on a phone each request waits for a connection (six per
 * server) and a round trip, so ten questions cost several round trips where one costs one
 * (docs/decisions/116-first-answers-in-one-request.md). The server answers each as a GET of its
 * own; each answer becomes the Response its own request would have had. A server that does not
 * take the batch is asked one by one.
 */
async function askTogether({ token, language, questions }: Group): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  const alone = (q: Question) => fetch(q.url, { headers }).then(q.resolve, q.reject);
  const [only] = questions;
  if (only && questions.length === 1) return alone(only);
  for (let at = 0; at < questions.length; at += BATCH_MAX) {
    const part = questions.slice(at, at + BATCH_MAX);
    try {
      const res = await fetch(BATCH_PATH, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ get: part.map((q) => q.url) }),
      });
      const answers = res.ok ? answersOf(await res.json()) : null;
      if (!answers || answers.length !== part.length) {
        for (const q of part) void alone(q);
        continue;
      }
      for (const [i, q] of part.entries()) q.resolve(responseOf(answers[i]));
    } catch (cause) {
      for (const q of part) q.reject(cause);
    }
  }
}

type Answer = { status: number; body: unknown; retry_after: string | null };

function answersOf(json: unknown): Answer[] | null {
  const answers = (json as { data?: { answers?: unknown } } | null)?.data?.answers;
  return Array.isArray(answers) ? (answers as Answer[]) : null;
}

function responseOf(answer: Answer | undefined): Response {
  if (!answer) return new Response(null, { status: 502 });
  const headers: Record<string, string> = {};
  if (answer.body !== null) headers['Content-Type'] = 'application/json';
  if (answer.retry_after) headers['Retry-After'] = answer.retry_after;
  const body =
    answer.body === null || [204, 304].includes(answer.status) ? null : JSON.stringify(answer.body);
  return new Response(body, { status: answer.status, headers });
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
