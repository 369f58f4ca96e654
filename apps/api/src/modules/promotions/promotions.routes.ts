// Admin promotions and banners (distributor users with the Promo & Marketing module; the action follows
// the method), and the banners running for a retailer:
//   GET  /admin/promotions                          paged, sorted list filtered by status and title
//   GET  /admin/promotions/:promotionId             one promotion with its targets and audience
//   POST /admin/promotions                          create
//   PUT  /admin/promotions/:promotionId             edit (targets and audience replaced)
//   POST /admin/promotions/:promotionId/deactivate, /reactivate
//   GET  /admin/promotions/:promotionId/preview?customerId=   what that customer pays, before and after
//   GET  /admin/promotions/choices?kind=&search=|values=   customers, routes, products, categories,
//        brands, vendors the forms choose from (the Promo & Marketing permission is enough to pick them)
//   GET, POST /admin/banners; GET, PUT /admin/banners/:bannerId; POST .../deactivate, /reactivate
//   GET  /retailer/bannerList                       banners running for the retailer's store
// (GET /sales/bannerList is the sales module's, through runningBanners.)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_MESSAGES,
  PROMOTION_MESSAGES,
  bannerBody,
  bannerListAdminResponse,
  bannerRowSchema,
  promotionBody,
  promotionListQuery,
  promotionListResponse,
  promotionPreviewQuery,
  promotionPreviewResponse,
  promotionRowSchema,
} from '@portal/shared/promotions/promotions.schemas';
import { promoChoicesQuery, promoChoicesResponse } from '@portal/shared/promotions/promo-choices.schemas';
import { bannerListResponseSchema } from '@portal/shared/sales/sales.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  createBanner,
  createPromotion,
  editBanner,
  editPromotion,
  getBanner,
  getPromotion,
  listBannerRows,
  listPromotionRows,
  previewPromotion,
  promoChoices,
  runningBanners,
  setBannerActive,
  setPromotionActive,
} from './promotions.service.ts';

const MODULE = 'Promo & Marketing';
// Any text: an id that is not one of this distributor's rows is answered 404 by the service.
const promotionParams = z.object({ promotionId: z.string() });
const bannerParams = z.object({ bannerId: z.string() });
const tags = ['admin'];

export async function promotionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };

  r.get(
    '/admin/promotions',
    {
      config,
      schema: {
        tags,
        summary: "The distributor's promotions: paged, sorted, searched by title, filtered by status",
        querystring: promotionListQuery,
        response: { 200: envelope(promotionListResponse) },
      },
    },
    async (request) => ok(await listPromotionRows(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/promotions/choices',
    {
      config,
      schema: {
        tags,
        summary: 'What promotions and banners are aimed at: searched, or named values with their labels',
        querystring: promoChoicesQuery,
        response: { 200: envelope(promoChoicesResponse) },
      },
    },
    async (request) => ok(await promoChoices(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/promotions/:promotionId',
    {
      config,
      schema: { tags, summary: 'One promotion', params: promotionParams, response: { 200: envelope(promotionRowSchema) } },
    },
    async (request) => ok(await getPromotion(db, requireActor(request), request.params.promotionId)),
  );

  r.post(
    '/admin/promotions',
    {
      config,
      schema: { tags, summary: 'Create a promotion', body: promotionBody, response: { 201: envelope(promotionRowSchema) } },
    },
    async (request, reply) => {
      const row = await createPromotion(db, requireActor(request), request.body);
      return reply.status(201).send(ok(row, PROMOTION_MESSAGES.created));
    },
  );

  r.put(
    '/admin/promotions/:promotionId',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a promotion (its targets and audience are replaced)',
        params: promotionParams,
        body: promotionBody,
        response: { 200: envelope(promotionRowSchema) },
      },
    },
    async (request) =>
      ok(await editPromotion(db, requireActor(request), request.params.promotionId, request.body), PROMOTION_MESSAGES.updated),
  );

  r.get(
    '/admin/promotions/:promotionId/preview',
    {
      config,
      schema: {
        tags,
        summary: 'What a chosen customer pays for the targeted products, without and with the promotion',
        params: promotionParams,
        querystring: promotionPreviewQuery,
        response: { 200: envelope(promotionPreviewResponse) },
      },
    },
    async (request) =>
      ok(await previewPromotion(db, requireActor(request), request.params.promotionId, request.query.customerId)),
  );

  r.get(
    '/admin/banners',
    {
      config,
      schema: {
        tags,
        summary: "The distributor's banners: paged, sorted, searched by title, filtered by status",
        querystring: promotionListQuery,
        response: { 200: envelope(bannerListAdminResponse) },
      },
    },
    async (request) => ok(await listBannerRows(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/banners/:bannerId',
    {
      config,
      schema: { tags, summary: 'One banner', params: bannerParams, response: { 200: envelope(bannerRowSchema) } },
    },
    async (request) => ok(await getBanner(db, requireActor(request), request.params.bannerId)),
  );

  r.post(
    '/admin/banners',
    {
      config,
      schema: { tags, summary: 'Create a banner', body: bannerBody, response: { 201: envelope(bannerRowSchema) } },
    },
    async (request, reply) => {
      const row = await createBanner(db, requireActor(request), request.body);
      return reply.status(201).send(ok(row, BANNER_MESSAGES.created));
    },
  );

  r.put(
    '/admin/banners/:bannerId',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a banner',
        params: bannerParams,
        body: bannerBody,
        response: { 200: envelope(bannerRowSchema) },
      },
    },
    async (request) =>
      ok(await editBanner(db, requireActor(request), request.params.bannerId, request.body), BANNER_MESSAGES.updated),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(
      `/admin/promotions/:promotionId/${action}`,
      {
        config,
        schema: {
          tags,
          summary: active ? 'Reactivate a promotion' : 'Deactivate a promotion',
          params: promotionParams,
          response: { 200: envelope(promotionRowSchema) },
        },
      },
      async (request) =>
        ok(
          await setPromotionActive(db, requireActor(request), request.params.promotionId, active),
          active ? PROMOTION_MESSAGES.reactivated : PROMOTION_MESSAGES.deactivated,
        ),
    );
    r.post(
      `/admin/banners/:bannerId/${action}`,
      {
        config,
        schema: {
          tags,
          summary: active ? 'Reactivate a banner' : 'Deactivate a banner',
          params: bannerParams,
          response: { 200: envelope(bannerRowSchema) },
        },
      },
      async (request) =>
        ok(
          await setBannerActive(db, requireActor(request), request.params.bannerId, active),
          active ? BANNER_MESSAGES.reactivated : BANNER_MESSAGES.deactivated,
        ),
    );
  }

  r.get(
    '/retailer/bannerList',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['retailer'],
        summary: "Banners running for the retailer's store",
        response: { 200: envelope(bannerListResponseSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok({ bannerList: await runningBanners(db, actor.distributorId, actor.customerId) });
    },
  );
}
