import { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idleTimedBody } from '../../plugins/body-idle-timeout.ts';
import { AppError, invalidField } from '../errors.ts';
import { dataOf, errors } from '../http.ts';
import { CSV_TYPES, FORM_OVERHEAD, FORM_TYPE, importTooLarge, openImportUpload } from './csv-upload.ts';

/** What an import route's description says about how the file travels. */
const CSV_IMPORT_DESCRIPTION =
  'Send the file as the body (`Content-Type: text/csv`), or as `multipart/form-data` with an optional ' +
  '`mapping` field (the JSON column mapping, up to 20,000 characters) followed by a `file` part. ' +
  'The mapping may still travel in the query string, where the URL limit (16 KB) allows. ' +
  'The file is read as it arrives (up to IMPORT_MAX_BYTES, 1 GB by default); a failure saves nothing.';

/**
 * The upload opened as a stream and the mapping, from the form or the query (not both): refused
 * with 415 for another content type, 413 when the declared length is already too large.
 */
async function openCsvImport<M>(
  request: FastifyRequest,
  queryMapping: M | undefined,
  mappingSchema: z.ZodType<M, string>,
  maxBytes: number,
): Promise<{ file: AsyncIterable<Uint8Array>; mapping: M | undefined }> {
  const contentType = request.headers['content-type'] ?? '';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const body = request.body as AsyncIterable<Uint8Array> | undefined;
  if (
    !(CSV_TYPES.includes(type) || type === FORM_TYPE) ||
    !body ||
    typeof body[Symbol.asyncIterator] !== 'function'
  ) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the CSV file as the body with Content-Type: text/csv, or as a multipart form.',
    );
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + FORM_OVERHEAD) throw importTooLarge(maxBytes);
  const upload = await openImportUpload(body, contentType, mappingSchema, maxBytes);
  if (upload.mapping && queryMapping) {
    throw invalidField('mapping', 'given_twice', 'Send the mapping in the form or in the query, not both.');
  }
  return { file: upload.file, mapping: upload.mapping ?? queryMapping };
}

/** One import route: `POST url` taking a CSV upload, its options in the query, answering `result`. */
export interface CsvImportRoute<Q extends z.ZodType<{ mapping?: M | undefined }>, M, R extends z.ZodType> {
  url: string;
  config: FastifyContextConfig;
  tags: string[];
  summary: string;
  params: z.ZodType;
  querystring: Q;
  mapping: z.ZodType<M, string>;
  result: R;
  /** Largest upload accepted, in bytes. */
  maxBytes: number;
  /** `file` streams the upload as it arrives; `stopped` tells when the client has gone (Stop). */
  run: (
    request: FastifyRequest,
    file: AsyncIterable<Uint8Array>,
    query: z.output<Q>,
    stopped: () => boolean,
  ) => Promise<z.output<R>>;
}

/**
 * Registers an import route in a scope of its own, where the CSV and form bodies reach the
 * handler as the raw stream, handed on as it arrives (openImportUpload).
 */
export async function registerCsvImport<
  Q extends z.ZodType<{ mapping?: M | undefined }>,
  M,
  R extends z.ZodType,
>(app: FastifyInstance, route: CsvImportRoute<Q, M, R>): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser([...CSV_TYPES, FORM_TYPE], (_request, payload, done) => done(null, payload));
    // Typed by the route's own schemas below; the app's zod compilers validate as on every route.
    scope.post(route.url, {
      config: route.config,
      schema: {
        tags: route.tags,
        summary: route.summary,
        description: CSV_IMPORT_DESCRIPTION,
        params: route.params,
        querystring: route.querystring,
        response: { 200: dataOf(route.result), ...errors(400, 401, 403, 404, 413, 415) },
      },
      handler: async (request, reply) => {
        // The client's Stop (or a dropped connection) closes the connection before an answer is sent.
        let gone = false;
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) gone = true;
        });
        const stopped = () => gone;
        const query = request.query as z.output<Q>;
        try {
          const { file, mapping } = await openCsvImport(
            request,
            query.mapping,
            route.mapping,
            route.maxBytes,
          );
          return {
            data: await route.run(request, idleTimedBody(request, file), { ...query, mapping }, stopped),
          };
        } catch (err) {
          // The rest of a too large upload is not read: the connection ends with the answer.
          if (err instanceof AppError && err.status === 413) reply.header('connection', 'close');
          throw err;
        }
      },
    });
  });
}

/** Sends `rows` as a CSV download named `<name>-<day>.csv`, streamed as they are made. */
export function sendCsvDownload(
  reply: FastifyReply,
  name: string,
  rows: AsyncIterable<string>,
): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(rows));
}
