import type { FastifyReply } from 'fastify';
import type { OpenedMedia } from './social-media.service.ts';

/**
 * Sends an opened medium as the browser's players need it: its type, never sniffed,
 * sandboxed when opened on its own, and (for an original) `Accept-Ranges` with a 206 for
 * a range, so a video seeks. The library and the public approval page both answer this way.
 */
export function sendMedia(
  reply: FastifyReply,
  opened: OpenedMedia,
  headers: { cacheControl: string; disposition?: string },
) {
  reply
    .type(opened.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', headers.cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (headers.disposition) reply.header('content-disposition', headers.disposition);
  if (opened.size === null) return reply.send(opened.stream);
  reply.header('accept-ranges', 'bytes');
  if (!opened.range) return reply.header('content-length', String(opened.size)).send(opened.stream);
  const { start, end } = opened.range;
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${opened.size}`)
    .header('content-length', String(end - start + 1))
    .send(opened.stream);
}
