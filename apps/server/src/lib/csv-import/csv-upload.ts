import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Content types the import reads: the CSV file as the body, or a form with the mapping and the file. */
export const CSV_TYPES = ['text/csv', 'application/csv'];
export const FORM_TYPE = 'multipart/form-data';

/** A form carries a few hundred bytes of part headers and the mapping on top of the file. */
export const FORM_OVERHEAD = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const importTooLarge = (max: number) =>
  new AppError(
    413,
    'payload_too_large',
    `The file is too large (at most ${megabytes(max)}); nothing was imported.`,
  );

const notText = () =>
  new AppError(400, 'validation_failed', 'The file is not CSV text.', { details: { file: ['not_text'] } });

const brokenOff = () =>
  new AppError(400, 'validation_failed', 'The upload broke off before the end; nothing was imported.', {
    details: { file: ['incomplete_upload'] },
  });

const badForm = () =>
  new AppError(400, 'validation_failed', 'The form could not be read.', {
    details: { body: ['invalid_form'] },
  });

const badMapping = () =>
  new AppError(400, 'validation_failed', 'Some fields are invalid.', {
    details: { mapping: ['invalid_mapping'] },
  });

/** The CSV file as it arrives and, from a form, the mapping sent before it. */
export interface ImportUpload<M> {
  file: AsyncIterable<Uint8Array>;
  mapping: M | undefined;
}

/** The JSON mapping's schema of one import (importMappingOf in the contract). */
type MappingSchema<M> = z.ZodType<M, string>;

/**
 * Opens the upload as a stream: nothing is held whole (docs/decisions/068-staged-imports.md).
 * The file's bytes are handed on as they arrive; reading them fails with 413 as soon as the
 * upload grows past `maxBytes`, with 400 when it breaks off or is not text. In a form the
 * `mapping` field must come before the `file` part (the web app sends it first).
 */
export async function openImportUpload<M>(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  mappingSchema: MappingSchema<M>,
  maxBytes: number,
): Promise<ImportUpload<M>> {
  const isForm = contentType.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
  if (!isForm) return { file: textOnly(limited(body, maxBytes, maxBytes)), mapping: undefined };
  return openForm(limited(body, maxBytes + FORM_OVERHEAD, maxBytes), contentType, mappingSchema);
}

/**
 * The upload's chunks, refused (413) once they add up to more than `max` bytes. Read through
 * the iterator by hand: a refusal stops reading without destroying the request, so the answer
 * still reaches the client.
 */
async function* limited(
  source: AsyncIterable<Uint8Array>,
  max: number,
  shownMax: number,
): AsyncGenerator<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  let total = 0;
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await chunks.next();
    } catch {
      // The client went away or the request timed out part-way: whoever is still listening learns why.
      throw brokenOff();
    }
    if (next.done) return;
    total += next.value.length;
    if (total > max) throw importTooLarge(shownMax);
    yield next.value;
  }
}

/**
 * More than 1% NUL bytes in the first 8 KB: an image, an archive (an .xlsx), or UTF-16 text, none of
 * which CSV text is. A stray NUL in a text file only gets its row refused (`control_characters`).
 */
async function* textOnly(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let seen = 0;
  let nuls = 0;
  for await (const chunk of source) {
    if (seen < 8192) {
      const part = chunk.subarray(0, 8192 - seen);
      for (const byte of part) if (byte === 0) nuls++;
      seen += part.length;
      if (seen >= 8192 && nuls > seen / 100) throw notText();
    }
    yield chunk;
  }
  if (seen < 8192 && nuls > seen / 100) throw notText();
}

/**
 * `mapping` (optional, JSON) and `file` from a multipart form, read by busboy as the bytes
 * arrive: answers once the file part starts, the file then streamed on.
 */
function openForm<M>(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  mappingSchema: MappingSchema<M>,
): Promise<ImportUpload<M>> {
  return new Promise((resolve, reject) => {
    let form: ReturnType<typeof Busboy>;
    try {
      form = new Busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 4, files: 1, fieldSize: 40_000 },
      });
    } catch {
      reject(badForm());
      return;
    }
    let mappingText: string | undefined;
    let file: Readable | undefined;
    let failure: unknown;
    form.on('field', (name, value) => {
      if (name !== 'mapping') return;
      if (file) failure ??= badMapping();
      else mappingText = value;
    });
    form.on('file', (name, stream) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      file = stream;
      let mapping: M | undefined;
      if (mappingText !== undefined) {
        const parsed = mappingSchema.safeParse(mappingText);
        if (!parsed.success) {
          stream.resume();
          reject(badMapping());
          return;
        }
        mapping = parsed.data;
      }
      resolve({ file: textOnly(fileOf(stream, () => failure)), mapping });
    });
    pipeline(Readable.from(body), form).then(
      () => {
        if (!file)
          reject(
            new AppError(400, 'validation_failed', 'The form has no file.', {
              details: { file: ['required'] },
            }),
          );
      },
      (err: unknown) => {
        failure ??= err instanceof AppError ? err : badForm();
        if (file) file.destroy(failure as Error);
        else reject(failure);
      },
    );
  });
}

/** The file part's bytes; the form's own failure (too large, broken off) is the one thrown. */
async function* fileOf(stream: Readable, failure: () => unknown): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (err) {
    throw failure() ?? err;
  }
  const late = failure();
  if (late) throw late;
}
