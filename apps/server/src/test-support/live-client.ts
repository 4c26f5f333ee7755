import type { LiveServerMessage } from '@kontora/contract/live';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface LiveTestClient {
  ws: WebSocket;
  /** Every message received so far, in order. */
  messages: LiveServerMessage[];
  send(message: unknown): void;
  /** The first message (from `from` on) that matches, waiting up to `timeoutMs`. */
  next(
    match: (m: LiveServerMessage) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<LiveServerMessage>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Change messages only (their type has a dot: `customer.created`). */
export const changesOf = (messages: LiveServerMessage[]) =>
  messages.filter((m): m is Extract<LiveServerMessage, { entity_id: unknown }> => m.type.includes('.'));

/** Wraps an open socket (from `app.injectWS` or a real address) for tests and the bench. */
export function liveClient(ws: WebSocket): LiveTestClient {
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const wake of waiters) wake();
    }),
  );
  return {
    ws,
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.close(),
    next(match, timeoutMs = 5_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (found) {
            done();
            resolve(found);
          } else if (ws.readyState === WebSocket.CLOSED) {
            done();
            reject(new Error(`socket closed; got ${JSON.stringify(messages)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Opens a socket on a listening server (`http://…` base address). */
export async function connectLive(baseUrl: string): Promise<LiveTestClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`);
  const client = liveClient(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

/** Authenticates and subscribes; answers the `subscribed` message. */
export async function subscribeLive(
  client: LiveTestClient,
  token: string,
  companyId: number,
  after?: number,
) {
  client.send({ type: 'auth', token });
  await client.next((m) => m.type === 'ready');
  client.send({ type: 'subscribe', company_id: companyId, ...(after === undefined ? {} : { after }) });
  return (await client.next((m) => m.type === 'subscribed')) as Extract<
    LiveServerMessage,
    { type: 'subscribed' }
  >;
}

/** A socket on an app in this process, authenticated and subscribed; put in `open`, to be closed after the file. */
export async function injectSubscribed(
  app: FastifyInstance,
  open: LiveTestClient[],
  token: string,
  companyId: number,
): Promise<LiveTestClient> {
  const client = liveClient((await app.injectWS('/api/ws')) as unknown as WebSocket);
  open.push(client);
  await subscribeLive(client, token, companyId);
  return client;
}

/** Everything sent to this socket before now has arrived once its pong does (one socket keeps order). */
export async function settled(client: LiveTestClient): Promise<void> {
  const from = client.messages.length;
  client.send({ type: 'ping' });
  await client.next((m) => m.type === 'pong', 5_000, from);
}
