// Uploaded media:
//   POST /api/admin/media/images  the office uploads one image (multipart/form-data, one file part):
//                                 distributor users with add or edit permission on Products
//   GET  /media/:key              public (retailers' browsers load product images): the stored bytes with
//                                 their content type, nosniff and a year's immutable caching
// Serving lives outside /api: its answers are not JSON and are cached, where /api answers are no-store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_MESSAGES, uploadedImageSchema } from '@portal/shared/media/media.schemas';
import { access } from '../../platform/auth/access.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { MEDIA_CACHE_CONTROL } from './media-storage.ts';
import { readMedia, saveImage } from './media.service.ts';
import { acceptMultipartBodies, firstFile } from './multipart-upload.ts';

/** The one file of the multipart request. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notMultipart);
  }
  const file = await firstFile(request.body, contentType);
  if (!file) throw badRequest(MEDIA_MESSAGES.noFile);
  return file;
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  acceptMultipartBodies(app); // in this plugin's scope: no other route accepts multipart bodies
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
