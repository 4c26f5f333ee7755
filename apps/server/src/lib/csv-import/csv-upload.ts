import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Largest CSV an import accepts (customers and deals alike). */
const MAX_BYTES = CUSTOMER_LIMITS.importBytes;

/** Content types the import reads: the CSV file as the body, or a form with the mapping and the file. */
export const CSV_TYPES = ['text/csv', 'application/csv'];
export const FORM_TYPE = 'multipart/form-data';

export const importTooLarge = () =>
  new AppError(413, 'payload_too_large', 'The file is too large (at most 50 MB); nothing was imported.');

const notText = () =>
  new AppError(400, 'validation_failed', 'The file is not CSV text.', { details: { file: ['not_text'] } });

/** The CSV file's bytes and, from a form, the mapping that came with it. */
export interface ImportUpload<M> {
  file: Uint8Array[];
  mapping: M | undefined;
}

/** The JSON mapping's schema of one import (importMappingOf in the contract). */
type MappingSchema<M> = z.ZodType<M, string>;

/**
 * Receives the whole upload before anything is saved (an import is all or nothing), then
 * takes the file (and the form's mapping) out of it. Refused: over 50 MB (413, as soon as it grows
 * past), broken off (400), a form without a file, or a file that is not text.
 */
export async function readImportUpload<M>(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  mappingSchema: MappingSchema<M>,
): Promise<ImportUpload<M>> {
  // A form carries a few hundred bytes of part headers and the mapping on top of the file.
  const isForm = contentType.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
  const chunks = await receiveWhole(body, MAX_BYTES + (isForm ? 64 * 1024 : 0));
  const upload = isForm
    ? await readForm(chunks, contentType, mappingSchema)
    : { file: chunks, mapping: undefined };
  if (looksBinary(upload.file)) throw notText();
  return upload;
}

/** The whole upload, refused (413) as soon as it grows past `max` bytes: nothing has been saved by then. */
async function receiveWhole(source: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > max) throw importTooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The client went away or the request timed out part-way: whoever is still listening learns why.
    throw new AppError(
      400,
      'validation_failed',
      'The upload broke off before the end; nothing was imported.',
      {
        details: { file: ['incomplete_upload'] },
      },
    );
  }
  return chunks;
}

/**
 * `mapping` (optional, JSON) and `file` from a multipart form, read by the platform's own parser
 * (undici's `Response.formData`). The received chunks are handed over one by one so they can be
 * released as the parser copies them.
 */
async function readForm<M>(
  chunks: Uint8Array[],
  contentType: string,
  mappingSchema: MappingSchema<M>,
): Promise<ImportUpload<M>> {
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
  let form: FormData;
  try {
    form = await new Response(stream, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError(400, 'validation_failed', 'The form could not be read.', {
      details: { body: ['invalid_form'] },
    });
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) {
    throw new AppError(400, 'validation_failed', 'The form has no file.', {
      details: { file: ['required'] },
    });
  }
  if (file.size > MAX_BYTES) throw importTooLarge();
  const mappingText = form.get('mapping');
  let mapping: M | undefined;
  if (mappingText !== null) {
    const parsed = mappingSchema.safeParse(typeof mappingText === 'string' ? mappingText : null);
    if (!parsed.success) {
      throw new AppError(400, 'validation_failed', 'Some fields are invalid.', {
        details: { mapping: ['invalid_mapping'] },
      });
    }
    mapping = parsed.data;
  }
  return { file: [await file.bytes()], mapping };
}

/**
 * More than 1% NUL bytes in the first 8 KB: an image, an archive (an .xlsx), or UTF-16 text, none of
 * which CSV text is. A stray NUL in a text file only gets its row refused (`control_characters`).
 */
function looksBinary(chunks: Uint8Array[]): boolean {
  let seen = 0;
  let nuls = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, 8192 - seen);
    for (const byte of part) if (byte === 0) nuls++;
    seen += part.length;
    if (seen >= 8192) break;
  }
  return nuls > seen / 100;
}
