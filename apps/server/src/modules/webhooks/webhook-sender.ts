import { WEBHOOK_LIMITS } from '@kontora/contract/webhooks';
import { type GuardedHttp, OutboundError } from '../../lib/outbound-http/guarded-http.ts';

/**
 * A receiver must answer (its status) within this long, connecting included: one
 * that accepts and never answers is a failed attempt after 5 s, retried on the
 * normal schedule, instead of holding a job slot for the whole attempt
 * (docs/decisions/047-fair-background-work.md).
 */
export const FIRST_BYTE_TIMEOUT_MS = 5_000;
/** An attempt gets this long from connecting to the end of the answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** More of an answer than this is not read (the log keeps 2 KB); the socket is dropped instead. */
const READ_MAX_BYTES = 256 * 1024;

export interface DeliveryAnswer {
  status: number | null;
  latencyMs: number | null;
  excerpt: string | null;
  /** Seconds from a `Retry-After` header (delta or HTTP date), when the answer had one. */
  retryAfterSeconds: number | null;
  error: string | null;
}

/**
 * POSTs the body to the URL through the guarded client: the address it
 * checked is the one it connects to, and a redirect is an answer like any
 * other (docs/decisions/031-one-guarded-outbound-client.md).
 */
export async function sendDelivery(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  outbound: GuardedHttp,
  signal?: AbortSignal,
): Promise<DeliveryAnswer> {
  try {
    const answer = await outbound.request(new URL(rawUrl), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Kontora-Webhooks/1.0' },
      body,
      signal,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      firstByteTimeoutMs: FIRST_BYTE_TIMEOUT_MS,
      maxBytes: READ_MAX_BYTES,
      overflow: 'truncate',
    });
    return {
      status: answer.status,
      latencyMs: answer.latencyMs,
      excerpt: excerptOf(answer.body),
      retryAfterSeconds: retryAfter(answer.headers.get('retry-after') ?? undefined),
      error: null,
    };
  } catch (err) {
    const latencyMs = err instanceof OutboundError ? err.latencyMs : null;
    return { status: null, latencyMs, excerpt: null, retryAfterSeconds: null, error: message(err) };
  }
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
