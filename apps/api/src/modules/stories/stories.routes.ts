// Stories (spec §7 Stories), exact paths under /api:
//   POST /distrubutor/stories        multipart: mediaType, media, caption (+ optional schedule, audience, link)
//   GET  /distrubutor/stories        the distributor's stories with seen-by counts and completion
//   PUT  /distrubutor/stories/{id}   { isActive } switches; { isActive: false, deleted: true } soft-deletes
//   GET  /retailer/story             the running stories of the retailer's audience, newest first
//   PUT  /retailer/story/{id}        marks one viewed
// Distributor paths need the Stories module (view, add, edit; deleting needs delete); retailer paths
// admit retailers only (spec §6: only retailers see stories).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STORY_MAX_BYTES,
  STORY_MESSAGES,
  officeStoryListResponse,
  officeStorySchema,
  retailerStoryListResponse,
  storyIdParams,
  storyListQuery,
  storyUpdateBody,
  storyViewedResponse,
} from '@portal/shared/stories/stories.schemas';
import { access } from '../../platform/auth/access.ts';
import { hasPermission } from '../../platform/auth/actor.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { acceptMultipartBodies, readForm, type UploadForm, type UploadRule } from '../media/media.service.ts';
import { createStory, listStories, markViewed, retailerStories, updateStory } from './stories.service.ts';

const MODULE = 'Stories';
const UPLOAD_RULE: UploadRule = {
  maxBytes: STORY_MAX_BYTES,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', STORY_MESSAGES.tooLarge),
  unreadable: () => badRequest(STORY_MESSAGES.unreadableUpload),
};

async function storyForm(request: FastifyRequest): Promise<UploadForm> {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', STORY_MESSAGES.notMultipart);
  }
  return readForm(request.body, contentType, UPLOAD_RULE);
}

export async function storiesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  // The upload in a scope of its own: no other route of this plugin accepts multipart bodies.
  await app.register(async (upload) => {
    acceptMultipartBodies(upload, UPLOAD_RULE);
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/distrubutor/stories',
      {
        config: { access: access.module(MODULE, 'add') },
        schema: {
          tags: ['stories'],
          summary: 'Publish a story (multipart/form-data: mediaType image|video, media file up to 5242880 bytes, caption)',
          description:
            'Optional fields: startsAt, endsAt (ISO-8601), audienceType (all, routes, orderDays, customers) with audienceValues ' +
            '(comma-separated), productId or promotionId. The file must be jpg, jpeg, png, gif or webp for an image and mp4, avi, ' +
            'mov, wmv, flv or webm for a video, by its name and by its bytes.',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(officeStorySchema) },
        },
      },
      async (request) =>
        ok(await createStory(db, config, requireActor(request), await storyForm(request)), STORY_MESSAGES.created),
    );
  });

  r.get(
    '/distrubutor/stories',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['stories'],
        summary: "The distributor's stories (not deleted), newest first, with seen-by counts and completion",
        querystring: storyListQuery,
        response: { 200: envelope(officeStoryListResponse) },
      },
    },
    async (request) => ok(await listStories(db, requireActor(request), request.query)),
  );

  r.put(
    '/distrubutor/stories/:id',
    {
      config: { access: access.module(MODULE, ['edit', 'delete']) },
      schema: {
        tags: ['stories'],
        summary: 'Switch a story on or off ({ isActive }), or soft-delete it ({ isActive: false, deleted: true })',
        params: storyIdParams,
        body: storyUpdateBody,
        response: { 200: envelope(officeStorySchema.nullable()) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { deleted } = request.body;
      // The rule admits edit or delete; each action needs its own grant.
      if (!deleted && !(await hasPermission(actor, db, MODULE, 'edit'))) {
        throw new AppError('FORBIDDEN', 'You do not have edit permission for Stories');
      }
      const story = await updateStory(db, actor, request.params.id, request.body, () =>
        hasPermission(actor, db, MODULE, 'delete'),
      );
      return ok(story, deleted ? STORY_MESSAGES.deleted : STORY_MESSAGES.updated);
    },
  );

  r.get(
    '/retailer/story',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['stories'],
        summary: 'The running stories for this store, newest first, with whether this retailer viewed each',
        response: { 200: envelope(retailerStoryListResponse) },
      },
    },
    async (request) => ok(await retailerStories(db, requireActor(request))),
  );

  r.put(
    '/retailer/story/:id',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['stories'],
        summary: 'Mark a story viewed by this retailer (again: no change)',
        params: storyIdParams,
        body: z.unknown().optional(),
        response: { 200: envelope(storyViewedResponse) },
      },
    },
    async (request) => ok(await markViewed(db, requireActor(request), request.params.id), STORY_MESSAGES.viewed),
  );
}
