import { Readable } from 'node:stream';
import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalidField } from '../errors.ts';
import { dataOf, errors } from '../http.ts';
import { CSV_TYPES, FORM_TYPE, importTooLarge, readImportUpload } from './csv-upload.ts';

/** What an import route's description says about how the file travels. */
const CSV_IMPORT_DESCRIPTION =
  'Send the file as the body (`Content-Type: text/csv`), or as `multipart/form-data` with an optional ' +
  '`mapping` field (the JSON column mapping, up to 20,000 characters) followed by a `file` part. ' +
  'The mapping may still travel in the query string, where the URL limit (16 KB) allows. ' +
  'Nothing is saved until the whole upload has arrived; a failure saves nothing.';

/**
 * The received file and the mapping, from the form or the query (not both): refused with 415 for
 * another content type, 413 when the declared length is already too large.
 */
async function receiveCsvImport<M>(
  request: FastifyRequest,
  queryMapping: M | undefined,
  mappingSchema: z.ZodType<M, string>,
): Promise<{ file: Uint8Array[]; mapping: M | undefined }> {
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
  if (declared > CUSTOMER_LIMITS.importBytes + 64 * 1024) throw importTooLarge();
  const upload = await readImportUpload(body, contentType, mappingSchema);
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
  run: (request: FastifyRequest, file: Uint8Array[], query: z.output<Q>) => Promise<z.output<R>>;
}

/**
 * Registers an import route in a scope of its own, where the CSV and form bodies reach the
 * handler as the raw stream (readImportUpload receives them whole before anything is saved).
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
      handler: async (request) => {
        const query = request.query as z.output<Q>;
        const { file, mapping } = await receiveCsvImport(request, query.mapping, route.mapping);
        return { data: await route.run(request, file, { ...query, mapping }) };
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
