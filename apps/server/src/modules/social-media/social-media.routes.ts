import fastifyMultipart from '@fastify/multipart';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  SocialMedia,
  SocialMediaContentQuery,
  SocialMediaListQuery,
  SocialMediaPage,
} from '@kontora/contract/social-media';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { parseByteRange } from './byte-range.ts';
import { contentDisposition } from './content-disposition.ts';
import type { MediaInUse } from './media-in-use.ts';
import { sendMedia } from './media-reply.ts';
import { closeMediaStorage } from './media-storage-registry.ts';
import { largestLimit, mediaLimits, tooLarge, uploadMedia } from './media-upload.service.ts';
import { deleteMedia, getMedia, listMediaPage, openMedia } from './social-media.service.ts';

const tags = ['social media'];
/** Every member of a company with module 3 may upload, see and delete its media. */
const access = policies.company(MODULE_ID.social);
const MediaParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/social/media';

const noFile = () =>
  new AppError(400, 'validation_failed', 'Send the file in a form part named “file”.', {
    details: { file: ['required'] },
  });

const malformed = () =>
  new AppError(400, 'bad_request', 'The form could not be read (broken multipart/form-data).', {
    details: { file: ['malformed_form'] },
  });

export async function socialMediaRoutes(
  fastify: FastifyInstance,
  { ctx, mediaInUse }: { ctx: AppContext; mediaInUse: MediaInUse },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => closeMediaStorage(ctx));

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: 'The company’s media library, newest first (keyset pages; filter by kind)',
      params: CompanyParams,
      querystring: SocialMediaListQuery,
      response: { 200: dataOf(SocialMediaPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await listMediaPage(ctx, companyOf(request).id, request.query) }),
  });

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One medium',
      params: MediaParams,
      response: { 200: dataOf(SocialMedia), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getMedia(ctx, companyOf(request).id, request.params.id) }),
  });

  app.get(`${base}/:id/content`, {
    config: { access },
    schema: {
      tags,
      summary:
        'The medium’s file (or, with variant=thumbnail, its JPEG thumbnail); one byte range for players',
      params: MediaParams,
      querystring: SocialMediaContentQuery,
      response: { ...errors(400, 401, 403, 404, 416) },
    },
    handler: async (request, reply) => {
      const opened = await openMedia(
        ctx,
        companyOf(request).id,
        request.params.id,
        request.query.variant,
        (size) => parseByteRange(request.headers.range, size),
      );
      // The typed reply knows only the JSON error answers; a stream is sent as it is, not serialised.
      return sendMedia(reply as FastifyReply, opened, {
        // The bytes of a medium never change (a new upload is a new id): cache them, privately.
        cacheControl: 'private, max-age=86400',
        disposition: contentDisposition('inline', opened.name),
      });
    },
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a medium (refused with 409 while a post not yet published uses it)',
      params: MediaParams,
      response: { 204: z.null(), ...errors(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await deleteMedia(ctx, actorOf(request), request.params.id, mediaInUse);
      return reply.code(204).send(null);
    },
  });

  // The upload streams its one file part straight to the media store; the multipart parser
  // lives in this scope only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { files: 1, fields: 4, parts: 5, headerPairs: 50 } });
    scope.withTypeProvider<ZodTypeProvider>().post(base, {
      config: { access, idempotent: true },
      schema: {
        tags,
        summary: 'Upload an image or video (multipart/form-data, one part `file`), streamed',
        description:
          'The type is decided by the content (first bytes), never by the name or declared type: ' +
          'anything but the images and videos some network accepts is refused (415). Each type may be ' +
          'as large as the largest limit among the networks that accept it (413 as soon as it grows ' +
          'past, nothing stored). Images get dimensions and a thumbnail; videos a duration and ' +
          'dimensions where the server has ffprobe.',
        params: CompanyParams,
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(SocialMedia), ...errors(400, 401, 403, 404, 413, 415) },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'unsupported_media_type',
            'Send the file as multipart/form-data with a part named “file”.',
          );
        }
        const limits = await mediaLimits(ctx);
        const largest = largestLimit(limits);
        // A declared length far past any limit is refused before a byte is read.
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > largest + 1024 * 1024) throw tooLarge(largest);
        const part = await request
          .file({ limits: { fileSize: largest + 1 }, throwFileSizeLimit: false })
          .catch((err: { statusCode?: number }) => {
            // The parser's own refusals (too many parts…) keep their 4xx; a form that does not parse is a 400.
            if (err.statusCode && err.statusCode < 500) throw err;
            throw malformed();
          });
        if (part?.fieldname !== 'file') throw noFile();
        const media = await uploadMedia(ctx, actorOf(request), {
          stream: part.file,
          filename: part.filename,
        });
        return reply.code(201).send({ data: media });
      },
    });
  });
}
