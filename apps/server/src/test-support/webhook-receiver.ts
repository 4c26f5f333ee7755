import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver for the tests, the browser stories and the benchmark: a
 * real HTTP server on 127.0.0.1 (port 0) that checks every delivery with the
 * `standardwebhooks` package (an implementation we did not write) against the
 * secrets it holds, keeps what it got, and answers as `respond` says (a
 * status sequence, Retry-After, 410…).
 */
export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Parsed body when it verified with one of the secrets. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** Index (in `secrets`) of the first secret that verified it; -1 when none did. */
  verifiedWith: number;
  receivedAt: number;
}

export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

export async function startWebhookReceiver(
  options: { respond?: (delivery: ReceivedDelivery, count: number) => ReceiverAnswer } = {},
) {
  const received: ReceivedDelivery[] = [];
  const state = {
    secrets: [] as string[],
    respond: options.respond ?? ((): ReceiverAnswer => ({ status: 200, body: '{"ok":true}' })),
  };
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery = check(req.headers, body, state.secrets);
      received.push(delivery);
      const answer = state.respond(delivery, received.length);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
      for (const w of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  // Deliveries come on kept-alive sockets; don't let them hold the close.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    /** The secrets deliveries are checked with (set after create / rotate). */
    setSecrets(secrets: string[]) {
      state.secrets = secrets;
    },
    respondWith(respond: typeof state.respond) {
      state.respond = respond;
    },
    /** Resolves once `count` deliveries in all have arrived (rejects after timeoutMs). */
    waitFor(count: number, timeoutMs = 60_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${count} deliveries, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function check(headers: IncomingHttpHeaders, body: string, secrets: string[]): ReceivedDelivery {
  const h = {
    'webhook-id': String(headers['webhook-id'] ?? ''),
    'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
    'webhook-signature': String(headers['webhook-signature'] ?? ''),
  };
  let payload: ReceivedDelivery['payload'] = null;
  let verifiedWith = -1;
  for (const [i, secret] of secrets.entries()) {
    try {
      payload = new Webhook(secret).verify(body, h) as ReceivedDelivery['payload'];
      verifiedWith = i;
      break;
    } catch {
      // Not this secret: try the next.
    }
  }
  return {
    id: h['webhook-id'],
    timestamp: h['webhook-timestamp'],
    signature: h['webhook-signature'],
    body,
    payload,
    verifiedWith,
    receivedAt: Date.now(),
  };
}
