import { BatchGetBody, BatchGetResult } from '@kontora/contract/batch-get';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, errors } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';

/** Headers a sub-request takes from the batch: who asks and in which language. */
const PASSED = ['authorization', 'accept-language'] as const;

/**
 * `POST /api/batch-get`: the GET answers a page asks for before its first screen, in one round
 * trip (docs/decisions/116-first-answers-in-one-request.md). Each address runs through the whole
 * app as a request of its own (`inject`): the caller's token, address and rate limits, every
 * route's access rule. Only GETs of `/api/…`, never this route itself.
 */
export async function batchGetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/batch-get', {
    config: { access: policies.public },
    schema: {
      tags: ['ops'],
      summary: 'Several GET answers in one request (each checked as its own request)',
      body: BatchGetBody,
      response: { 200: dataOf(BatchGetResult), ...errors(400, 413) },
    },
    handler: async (request) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of PASSED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answers = await Promise.all(
        request.body.get.map(async (url) => {
          const res = await fastify.inject({
            method: 'GET',
            url,
            headers,
            remoteAddress: request.ip,
            payloadAsStream: true,
          });
          const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
          const payload = await readCapped(res.stream(), json ? ANSWER_MAX_BYTES : 0);
          const retryAfter = res.headers['retry-after'];
          const retry_after = retryAfter === undefined ? null : String(retryAfter);
          if (!json) return { status: 406, body: NOT_JSON, retry_after };
          if (payload === null) return { status: 413, body: TOO_LARGE, retry_after };
          return {
            status: res.statusCode,
            body: payload ? (JSON.parse(payload) as unknown) : null,
            retry_after,
          };
        }),
      );
      return { data: { answers } };
    },
  });
}

/** An answer kept whole: a list page is tens of kilobytes; an export is not asked this way. */
const ANSWER_MAX_BYTES = 1024 * 1024;
const NOT_JSON = { message: 'Only JSON answers are given in a batch.', code: 'bad_request' };
const TOO_LARGE = {
  message: 'This answer is too large for a batch; ask for it alone.',
  code: 'payload_too_large',
};

/**
 * The answer's text, or null when it passes `max` bytes. It is read to its end either way, so a
 * route that streams (an export) is never left waiting for a reader, but no more than `max`
 * bytes are ever held.
 */
async function readCapped(stream: NodeJS.ReadableStream, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size <= max) chunks.push(bytes);
  }
  return size > max ? null : Buffer.concat(chunks).toString('utf8');
}
