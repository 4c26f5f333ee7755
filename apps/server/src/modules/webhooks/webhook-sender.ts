import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@kontora/contract/webhooks';
import { type AllowList, resolveDeliveryAddress } from './webhook-address-guard.ts';

/** An attempt gets this long from connecting to the end of the answer. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** More of an answer than this is not read (the log keeps 2 KB); the socket is dropped instead. */
const READ_MAX_BYTES = 256 * 1024;

// Kept-alive sockets: a busy receiver gets many deliveries over a few connections.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export interface DeliveryAnswer {
  status: number | null;
  latencyMs: number | null;
  excerpt: string | null;
  /** Seconds from a `Retry-After` header (delta or HTTP date), when the answer had one. */
  retryAfterSeconds: number | null;
  error: string | null;
}

/**
 * POSTs the body to the URL at the address the SSRF guard checked: the
 * request's `lookup` answers that address, so the connection cannot go to
 * another one, while the Host header and TLS name stay the URL's host.
 */
export async function sendDelivery(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  allowed: AllowList,
  signal?: AbortSignal,
): Promise<DeliveryAnswer> {
  const url = new URL(rawUrl);
  let target: { address: string; family: 4 | 6 };
  try {
    target = await resolveDeliveryAddress(url, allowed);
  } catch (err) {
    return { status: null, latencyMs: null, excerpt: null, retryAfterSeconds: null, error: message(err) };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const started = performance.now();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<DeliveryAnswer>((resolve) => {
    const fail = (err: unknown) =>
      resolve({
        status: null,
        latencyMs: Math.round(performance.now() - started),
        excerpt: null,
        retryAfterSeconds: null,
        error: timeout.aborted ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : message(err),
      });
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: pinned,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Kontora-Webhooks/1.0',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          if (read < WEBHOOK_LIMITS.responseExcerptBytes) chunks.push(chunk);
          read += chunk.length;
          if (read > READ_MAX_BYTES) response.destroy();
        });
        const finish = () =>
          resolve({
            status: response.statusCode ?? null,
            latencyMs: Math.round(performance.now() - started),
            excerpt: excerptOf(Buffer.concat(chunks)),
            retryAfterSeconds: retryAfter(response.headers['retry-after']),
            error: null,
          });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** The first 2 KB as text, cut on a character boundary. */
function excerptOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  const text = bytes.subarray(0, WEBHOOK_LIMITS.responseExcerptBytes).toString('utf8');
  return text.replace(/\uFFFD$/, '');
}

export function retryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
