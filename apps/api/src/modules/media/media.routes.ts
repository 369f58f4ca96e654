// Uploaded media:
//   POST /api/admin/media/images  the office uploads one image (multipart/form-data, one file part):
//                                 distributor users with add or edit permission on Products
//   GET  /media/:key              public (retailers' browsers load product images): the stored bytes with
//                                 their content type, nosniff and a year's immutable caching
// Serving lives outside /api: its answers are not JSON and are cached, where /api answers are no-store.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, MEDIA_MESSAGES, uploadedImageSchema } from '@portal/shared/media/media.schemas';
import { access } from '../../platform/auth/access.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { MEDIA_CACHE_CONTROL } from './media-storage.ts';
import { imageTooLarge, readMedia, saveImage } from './media.service.ts';

/** The one file of a multipart request, in memory (at most IMAGE_MAX_BYTES: the parser stops beyond). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notMultipart);
  try {
    const part = await request.file();
    if (!part) throw badRequest(MEDIA_MESSAGES.noFile);
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Everything else here comes from parsing the request's own stream (a missing boundary, a form cut
    // short, a part or header over the limits): the caller's fault, answered without the parser's words.
    throw badRequest(MEDIA_MESSAGES.unreadableUpload);
  }
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  // Registered in this plugin's own scope: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldNameSize: 100, fieldSize: 1000, headerPairs: 50 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = app.deps.config;

  r.post(
    '/admin/media/images',
    {
      config: { access: access.module('Products', ['add', 'edit']) },
      schema: {
        tags: ['admin'],
        summary: 'Upload an image (multipart/form-data, one file: JPEG, PNG, WebP or GIF by its bytes, at most 5 MB)',
        description:
          'Stores the image under a name made from its bytes and a 320 px wide WebP thumbnail. The answer’s url is what a product’s image fields take.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedImageSchema) },
      },
    },
    async (request) => ok(await saveImage(config, await uploadedFile(request)), 'Image uploaded'),
  );
}

export async function mediaFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = app.deps.config;
  // No caching of a miss: the key may be uploaded a moment later.
  const missing = (reply: FastifyReply) => reply.header('cache-control', 'no-store').callNotFound();
  r.get(
    '/media/:key',
    { config: { access: access.public }, schema: { hide: true, params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const media = await readMedia(config, request.params.key);
      if (!media) return missing(reply);
      return reply
        .type(media.contentType)
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('content-length', media.bytes)
        .send(media.body);
    },
  );
  // Deeper paths are never media (a key has no slash), and the web app's page is not an image either.
  r.get('/media/*', { config: { access: access.public }, schema: { hide: true } }, (_request, reply) => missing(reply));
}
