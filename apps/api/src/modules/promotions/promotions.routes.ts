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
  bannerActions,
  previewPromotion,
  promoChoices,
  promotionActions,
  runningBanners,
  type OfficeActions,
} from './promotions.service.ts';

const MODULE = 'Promo & Marketing';
const tags = ['admin'];

export async function promotionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };

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

  officeRoutes(app, {
    path: '/admin/promotions',
    param: 'promotionId',
    noun: 'promotion',
    editNote: ' (its targets and audience are replaced)',
    body: promotionBody,
    row: promotionRowSchema,
    list: promotionListResponse,
    messages: PROMOTION_MESSAGES,
    actions: promotionActions,
  });

  r.get(
    '/admin/promotions/:promotionId/preview',
    {
      config,
      schema: {
        tags,
        summary: 'What a chosen customer pays for the targeted products, without and with the promotion',
        params: z.object({ promotionId: z.string() }),
        querystring: promotionPreviewQuery,
        response: { 200: envelope(promotionPreviewResponse) },
      },
    },
    async (request) =>
      ok(await previewPromotion(db, requireActor(request), request.params.promotionId, request.query.customerId)),
  );

  officeRoutes(app, {
    path: '/admin/banners',
    param: 'bannerId',
    noun: 'banner',
    editNote: '',
    body: bannerBody,
    row: bannerRowSchema,
    list: bannerListAdminResponse,
    messages: BANNER_MESSAGES,
    actions: bannerActions,
  });

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

/**
 * The office's routes of one kind (promotions or banners), the same for both: the paged list, one row,
 * create, edit, deactivate and reactivate, under the Promo & Marketing permission.
 */
function officeRoutes<Body extends z.ZodType, Row extends z.ZodType>(
  app: FastifyInstance,
  k: {
    path: string;
    /** The path parameter naming one row. */
    param: string;
    noun: string;
    editNote: string;
    body: Body;
    row: Row;
    list: z.ZodType;
    messages: { created: string; updated: string; deactivated: string; reactivated: string };
    actions: OfficeActions<z.output<Body>, z.output<Row>>;
  },
): void {
  // Typed by hand: the type provider cannot resolve schemas that are type parameters; the schemas still
  // validate and serialize every request and answer.
  const r = app;
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };
  // Any text: an id that is not one of this distributor's rows is answered 404 by the service.
  const params = z.object({ [k.param]: z.string() });
  const idOf = (request: { params: unknown }) => (request.params as Record<string, string>)[k.param]!;
  const one = `${k.path}/:${k.param}`;
  const answer = envelope(k.row);

  r.get(
    k.path,
    {
      config,
      schema: {
        tags,
        summary: `The distributor's ${k.noun}s: paged, sorted, searched by title, filtered by status`,
        querystring: promotionListQuery,
        response: { 200: envelope(k.list) },
      },
    },
    async (request) => ok(await k.actions.list(db, requireActor(request), request.query as z.output<typeof promotionListQuery>)),
  );

  r.get(one, { config, schema: { tags, summary: `One ${k.noun}`, params, response: { 200: answer } } }, async (request) =>
    ok(await k.actions.get(db, requireActor(request), idOf(request))),
  );

  r.post(
    k.path,
    { config, schema: { tags, summary: `Create a ${k.noun}`, body: k.body, response: { 201: answer } } },
    async (request, reply) => {
      const row = await k.actions.create(db, requireActor(request), request.body as z.output<Body>);
      return reply.status(201).send(ok(row, k.messages.created));
    },
  );

  r.put(
    one,
    { config, schema: { tags, summary: `Edit a ${k.noun}${k.editNote}`, params, body: k.body, response: { 200: answer } } },
    async (request) =>
      ok(await k.actions.edit(db, requireActor(request), idOf(request), request.body as z.output<Body>), k.messages.updated),
  );

  for (const active of [false, true]) {
    r.post(
      `${one}/${active ? 'reactivate' : 'deactivate'}`,
      {
        config,
        schema: { tags, summary: `${active ? 'Reactivate' : 'Deactivate'} a ${k.noun}`, params, response: { 200: answer } },
      },
      async (request) =>
        ok(
          await k.actions.setActive(db, requireActor(request), idOf(request), active),
          active ? k.messages.reactivated : k.messages.deactivated,
        ),
    );
  }
}
