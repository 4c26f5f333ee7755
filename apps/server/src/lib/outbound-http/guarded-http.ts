import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  allowListOf,
  BlockedAddressError,
  type Lookup,
  type PinnedAddress,
  resolveGuardedAddress,
  systemLookup,
} from './address-guard.ts';
import { encodedBody, type OutboundBody } from './request-body.ts';

/**
 * The one way the product sends a request to an address a company chose
 * (docs/decisions/031-one-guarded-outbound-client.md): the host is resolved
 * once, every address it resolves to is checked, and the connection goes to
 * the checked address (no second DNS answer can move it); redirects are never
 * followed (node:http answers a 3xx as it is).
 */

export type OutboundFailure =
  | 'invalid_url'
  | 'private_address'
  | 'unresolvable'
  | 'unreachable'
  | 'timeout'
  | 'too_large';

/** A request that got no (complete) answer. The message is ours: never the remote's text. */
export class OutboundError extends Error {
  readonly code: OutboundFailure;
  readonly latencyMs: number | null;
  /** The socket's error code of an `unreachable` (ECONNREFUSED: nothing was sent; ECONNRESET: maybe). */
  readonly socketCode: string | null;
  constructor(
    code: OutboundFailure,
    message: string,
    latencyMs: number | null = null,
    socketCode: string | null = null,
  ) {
    super(message);
    this.code = code;
    this.latencyMs = latencyMs;
    this.socketCode = socketCode;
  }
}

export interface OutboundOptions {
  method: string;
  headers?: Record<string, string>;
  /** FormData and URLSearchParams are encoded as fetch would, with their content type unless one is given. */
  body?: OutboundBody;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /**
   * The answer's status must arrive this soon (connecting included): a receiver
   * that accepts and never answers is given up early. Unset: timeoutMs.
   */
  firstByteTimeoutMs?: number;
  /** More of an answer than this is not read. */
  maxBytes: number;
  /**
   * Past maxBytes, or an answer cut short: `truncate` answers what was read
   * (the socket is dropped); `fail` throws (`too_large`, `unreachable`).
   */
  overflow: 'truncate' | 'fail';
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  latencyMs: number;
}

export interface GuardedHttp {
  /** Resolves and checks the URL's host: throws OutboundError (`private_address`, `unresolvable`). */
  check(url: URL): Promise<PinnedAddress>;
  request(url: URL, options: OutboundOptions): Promise<OutboundAnswer>;
}

// Kept-alive sockets: a busy receiver gets many requests over a few connections.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

/**
 * `allowedHosts` is read at every request (WEBHOOK_ALLOWED_HOSTS: hosts or
 * ranges let through although private); `lookup` is the system resolver
 * unless a test gives its own.
 */
export function guardedHttp(
  allowedHosts: () => readonly string[],
  lookup: Lookup = systemLookup,
): GuardedHttp {
  const check = async (url: URL): Promise<PinnedAddress> => {
    try {
      return await resolveGuardedAddress(url, allowListOf(allowedHosts()), lookup);
    } catch (err) {
      const code = err instanceof BlockedAddressError ? 'private_address' : 'unresolvable';
      throw new OutboundError(code, (err as Error).message);
    }
  };
  return {
    check,
    async request(url, options) {
      // Credentials in a URL would go out as Basic auth; only URLs saved before the rules can have them.
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
        throw new OutboundError('invalid_url', 'Only http(s) URLs without user info are called.');
      }
      const target = await check(url);
      const body = options.body === undefined ? undefined : await encodedBody(options.body);
      return send(url, target, options, body);
    },
  };
}

function send(
  url: URL,
  target: PinnedAddress,
  options: OutboundOptions,
  body: Awaited<ReturnType<typeof encodedBody>> | undefined,
): Promise<OutboundAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const firstByte = new AbortController();
  const firstByteTimer =
    options.firstByteTimeoutMs === undefined
      ? undefined
      : setTimeout(() => firstByte.abort(), options.firstByteTimeoutMs);
  const signals = [timeout, firstByte.signal, ...(options.signal ? [options.signal] : [])];
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const fail = (err: unknown) => {
      clearTimeout(firstByteTimer);
      if (options.signal?.aborted) return reject(options.signal.reason ?? err);
      if (timeout.aborted || firstByte.signal.aborted) {
        const waited = firstByte.signal.aborted ? options.firstByteTimeoutMs : options.timeoutMs;
        return reject(new OutboundError('timeout', `No answer within ${(waited ?? 0) / 1000} s.`, elapsed()));
      }
      const code = (err as { code?: string }).code ?? 'error';
      reject(
        new OutboundError('unreachable', `${url.host} could not be reached (${code}).`, elapsed(), code),
      );
    };
    // The socket goes to the checked address itself: the Host header and the TLS name stay the
    // URL's host, and kept-alive sockets are pooled by address, so none made for another answer is reused.
    const named = isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: target.address,
        family: target.family,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: options.method,
        agent: agents[url.protocol as 'http:' | 'https:'],
        ...(url.protocol === 'https:' && named ? { servername: url.hostname } : {}),
        signal: AbortSignal.any(signals),
        headers: {
          ...(body?.contentType && !hasHeader(options.headers, 'content-type')
            ? { 'content-type': body.contentType }
            : {}),
          ...options.headers,
          host: url.host,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body.bytes)) }),
        },
      },
      (response) => {
        clearTimeout(firstByteTimer);
        const chunks: Buffer[] = [];
        let read = 0;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          resolve({
            status: response.statusCode ?? 0,
            headers: headersOf(response.rawHeaders),
            body: Buffer.concat(chunks),
            latencyMs: elapsed(),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = options.maxBytes - read;
          read += chunk.length;
          if (room >= chunk.length) return void chunks.push(chunk);
          if (options.overflow === 'fail') {
            settled = true;
            response.destroy();
            return reject(
              new OutboundError('too_large', `${url.host} answered more than ${options.maxBytes} bytes.`),
            );
          }
          chunks.push(chunk.subarray(0, room));
          finish();
          response.destroy();
        });
        // A cut-short answer: what was read when truncating is allowed (the status is what counts), else a failure.
        const cut = (err: unknown) => {
          if (settled) return;
          if (options.overflow === 'truncate') return finish();
          settled = true;
          fail(err);
        };
        response.on('end', finish);
        response.on('error', cut);
        response.on('close', () => (response.complete ? finish() : cut(new Error('answer cut short'))));
      },
    );
    request.on('error', fail);
    request.end(body?.bytes);
  });
}

const hasHeader = (headers: Record<string, string> | undefined, name: string) =>
  Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);

/** The answer's headers; a name or value Headers refuses is left out. */
function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // not a header a caller reads
    }
  }
  return headers;
}

const clients = new WeakMap<object, GuardedHttp>();
/** The app's client: its allow list is WEBHOOK_ALLOWED_HOSTS, read from the config at every request. */
export function guardedHttpFor(config: { webhookAllowedHosts: readonly string[] }): GuardedHttp {
  let client = clients.get(config);
  if (!client) {
    client = guardedHttp(() => config.webhookAllowedHosts);
    clients.set(config, client);
  }
  return client;
}
