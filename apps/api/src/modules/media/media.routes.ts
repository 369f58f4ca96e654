// Uploaded media:
//   POST /api/admin/media/images  the office uploads one image (multipart/form-data, one file part):
//                                 distributor users with add or edit permission on Products
//   GET  /media/:key              public (retailers' browsers load product images and story media): the
//                                 stored bytes with their content type, nosniff and a year's immutable
//                                 caching; one byte range on request (206), as a video element seeks
// Serving lives outside /api: its answers are not JSON and are cached, where /api answers are no-store.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedImageSchema } from '@portal/shared/media/media.schemas';
import { access } from '../../platform/auth/access.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { MEDIA_CACHE_CONTROL } from './media-storage.ts';
import { acceptMultipartBodies, readMediaRange, saveImage, uploadedFile } from './media.service.ts';

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
      const range = request.headers.range;
      const answer = await readMediaRange(config, request.params.key, typeof range === 'string' ? range : '');
      if (!answer) return missing(reply);
      reply.header('accept-ranges', 'bytes');
      if (answer.kind === 'unsatisfiable') {
        reply.header('cache-control', 'no-store').header('content-range', `bytes */${answer.total}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', 'The requested range is not in the file', { status: 416 });
      }
      reply.header('cache-control', MEDIA_CACHE_CONTROL);
      if (answer.kind === 'part') {
        reply.code(206).header('content-range', `bytes ${answer.range.start}-${answer.range.end}/${answer.total}`);
      }
      return reply.type(answer.media.contentType).header('content-length', answer.media.bytes).send(answer.media.body);
    },
  );
  // Deeper paths are never media (a key has no slash), and the web app's page is not an image either.
  r.get('/media/*', { config: { access: access.public }, schema: { hide: true } }, (_request, reply) => missing(reply));
}
