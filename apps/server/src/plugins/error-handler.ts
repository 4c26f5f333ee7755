import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

type Issue = { keyword: string; instancePath: string; message: string };

/**
 * One place turns every failure into `{message, code, details?}`. Domain errors
 * keep their status; framework errors are mapped to the right 4xx; anything else
 * is a 500 whose details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send({ message: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as unknown as Issue[];
      if (err.validationContext === 'params') {
        // A path segment of the wrong shape names a resource that cannot exist.
        return reply.code(404).send({ message: 'Not found.', code: 'not_found' });
      }
      return reply.code(400).send({
        message: 'Some fields are invalid.',
        code: 'validation_failed',
        details: toDetails(issues, err.validationContext),
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal server error.', code: 'internal_error' });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send({ message: 'The request is too large.', code: 'payload_too_large' });
    }
    if (status === 415) {
      return reply
        .code(415)
        .send({ message: 'Send JSON (application/json).', code: 'unsupported_media_type' });
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ message: 'Too many requests. Try again later.', code: 'too_many_requests' });
    }
    if (status === 400 && (err instanceof SyntaxError || err.code?.startsWith('FST_ERR_CTP'))) {
      return reply.code(400).send({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: err.message, code: status === 404 ? 'not_found' : 'validation_failed' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error.', code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found' });
  });
}

function toDetails(issues: Issue[], context: string | undefined): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body');
    // Contract schemas use message codes (e.g. invalid_email); zod's own messages fall back to the issue kind.
    const code = /^[a-z_]+$/.test(issue.message) ? issue.message : issue.keyword;
    const list = details[field] ?? [];
    if (!list.includes(code)) list.push(code);
    details[field] = list;
  }
  return details;
}
