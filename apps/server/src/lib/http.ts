import { ApiError } from '@kontora/contract/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** `{ data: … }`, the envelope of every successful answer (docs/product.md §5). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Error answers a route may give, for the OpenAPI document and typed replies. */
export function errors<S extends number>(...statuses: S[]): Record<S, typeof ApiError> {
  return Object.fromEntries(statuses.map((s) => [s, ApiError])) as Record<S, typeof ApiError>;
}

/**
 * Sends an answer that is already the JSON of the route's declared `{ data }` shape (a cached,
 * serialised answer), as it is: the reply's serializer would only parse what was built from it.
 */
export function sendSerialised(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
