import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body as JSON or form fields, when it is one. */
  fields: Record<string, any>;
}

export interface StandinAnswer {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  /** The body as written, instead of `json` (a network's int64 numbers, which JSON.stringify cannot write). */
  raw?: string;
  /** Hold the answer this long (the work is done already): a timeout whose post exists. */
  delayMs?: number;
}

export type Route = (request: StandinRequest, params: string[]) => StandinAnswer | Promise<StandinAnswer>;

/**
 * A tiny HTTP server on loopback port 0 for a network's stand-in: routes by method
 * and a path pattern, plus a queue of scripted faults (`failNext`) that answer the
 * next matching calls instead of the route, as a network does when it is down (5xx)
 * or throttling (429 + Retry-After).
 */
export async function startStandin(routes: [string, RegExp, Route][]) {
  const faults: { method: string; path: RegExp; answer: StandinAnswer }[] = [];
  const hangs: { method: string; path: RegExp; arrived: () => void; closed: () => void }[] = [];
  const calls: { method: string; path: string }[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return; // the client gave up mid-body (its deadline passed): nothing arrived, as on a network
    }
    const body = Buffer.concat(chunks);
    const type = String(req.headers['content-type'] ?? '');
    let fields: Record<string, any> = {};
    if (type.includes('json') && body.length) fields = JSON.parse(body.toString('utf8'));
    else if (type.includes('x-www-form-urlencoded'))
      fields = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    else if (type.includes('multipart/form-data')) fields = multipartFields(body, type);
    const request: StandinRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      fields,
    };
    calls.push({ method: request.method, path: request.path });
    const hang = hangs.findIndex((h) => h.method === request.method && h.path.test(request.path));
    if (hang >= 0) {
      const [h] = hangs.splice(hang, 1);
      if (res.destroyed) h?.closed();
      else res.on('close', () => h?.closed());
      h?.arrived();
      return;
    }
    let answer: StandinAnswer = {
      status: 404,
      json: { error: { message: `no stand-in route ${request.method} ${request.path}` } },
    };
    const fault = faults.findIndex((f) => f.method === request.method && f.path.test(request.path));
    if (fault >= 0) {
      answer = faults[fault]?.answer ?? answer;
      faults.splice(fault, 1);
    } else {
      for (const [method, pattern, route] of routes) {
        const match = method === request.method ? pattern.exec(request.path) : null;
        if (match) {
          try {
            answer = await route(request, match.slice(1));
          } catch (error) {
            answer = { status: 500, json: { error: { message: String(error) } } };
          }
          break;
        }
      }
    }
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.raw ?? (answer.json === undefined ? '' : JSON.stringify(answer.json)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    failNext(method: string, path: RegExp, answer: StandinAnswer) {
      faults.push({ method, path, answer });
    },
    /**
     * The next matching call is never answered, as by a network that hung: `arrived`
     * resolves when it came, `closed` when the client gave up on it (closed the connection).
     */
    hangNext(method: string, path: RegExp) {
      let arrived!: () => void;
      let closed!: () => void;
      const call = {
        arrived: new Promise<void>((r) => (arrived = r)),
        closed: new Promise<void>((r) => (closed = r)),
      };
      hangs.push({ method, path, arrived, closed });
      return call;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Text fields of a multipart body and, for file parts, their byte length (`<name>.bytes`). */
function multipartFields(body: Buffer, type: string): Record<string, any> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  const mark = `--${boundary?.[1] ?? boundary?.[2]}`;
  const fields: Record<string, any> = {};
  const text = body.toString('latin1');
  for (const part of text.split(mark).slice(1, -1)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const value = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    if (/filename="/.test(head)) fields[`${name}.bytes`] = Buffer.byteLength(value, 'latin1');
    else fields[name] = Buffer.from(value, 'latin1').toString('utf8');
  }
  return fields;
}

let sequence = 1_000_000;
/** Ids that look like a network's (long digit strings), unique within the test process. */
export const nextId = () => String(1_800_000_000_000_000_000n + BigInt(++sequence));

/** `Content-Range: bytes first-last/total` of a chunk, or null when absent or malformed. */
export function contentRange(header: unknown): { first: number; last: number; total: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(header ?? ''));
  return match ? { first: Number(match[1]), last: Number(match[2]), total: Number(match[3]) } : null;
}
