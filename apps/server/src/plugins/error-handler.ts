import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@kontora/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

type Issue = { keyword: string; instancePath: string; message: string; params?: { expected?: string } };

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
      const details = toDetails(issues, err.validationContext);
      return reply.code(400).send({ message: invalidMessage(details), code: 'validation_failed', details });
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
      // Framework and plugin refusals (static files' 403 on a path escaping the root, 405, 408…):
      // their own message, the documented shape, a code that fits the status.
      return reply.code(status).send({ message: err.message, code: codeForStatus(status) });
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
    const code = isMissing(issue)
      ? 'required'
      : /^[a-z_]+$/.test(issue.message)
        ? issue.message
        : issue.keyword;
    const list = details[field] ?? [];
    if (!list.includes(code)) list.push(code);
    details[field] = list;
  }
  return details;
}

/** A value left out: zod says it expected a value and received none. */
function isMissing(issue: Issue): boolean {
  if (issue.keyword !== 'invalid_type') return false;
  return issue.params?.expected === 'nonoptional' || issue.message.endsWith('received undefined');
}

/** An integrator who left out `version` is told where it comes from. */
function invalidMessage(details: Record<string, string[]>): string {
  if (details.version?.includes('required'))
    return 'Some fields are invalid: `version` is required. Read the record (GET the same address) and send back its `version`.';
  return 'Some fields are invalid.';
}

/** The stable code of a framework-level refusal, by its status. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'request_timeout';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    case 431:
      return 'headers_too_large';
    default:
      return 'bad_request';
  }
}

/**
 * Fastify's `frameworkErrors`: refusals made by the router before any route runs. A URL whose
 * percent-encoding cannot be decoded is a 400; a path parameter over `maxParamLength` names a
 * resource that cannot exist, so it is a 404 like any other malformed path segment.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(404).send({ message: 'Not found.', code: 'not_found' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send({ message: 'The address is not validly encoded.', code: 'bad_request' });
    return;
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.code(status).send({ message: error.message, code: codeForStatus(status) });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it
 * (a request line or headers over 16 KB, a request not received in time, malformed HTTP).
 * Written straight to the socket, in the documented shape, then the connection is closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408
      ? 'The request was not received in time.'
      : status === 431
        ? 'The request line or headers are too large (at most 16 KB).'
        : 'The request is not valid HTTP.';
  const body = JSON.stringify({ message, code: codeForStatus(status) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
