// The office's order work queue (distributor users with the Orders module: view reads, edit changes,
// export prints):
//   GET    /admin/orders                    paged, sorted, filtered list with an exact total
//   GET    /admin/orders/filter-choices     the sales reps and routes the filter bar offers
//   GET    /admin/orders/views              the caller's saved views;  POST creates one
//   GET    /admin/orders/views/counts       every order's count and each saved view's
//   PUT    /admin/orders/views/:viewId      rename or change the filters;  DELETE removes it
//   POST   /admin/orders/:orderId/status    move one order
//   POST   /admin/orders/bulk/status        move many, a result per order
//   POST   /admin/orders/bulk/pdf           one PDF of many orders (export)
//   POST   /admin/orders/:orderId/release   let an order held over the credit limit through (approve)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ORDER_MESSAGES,
  adminOrderListQuery,
  adminOrderListResponse,
  bulkPdfBody,
  bulkStatusBody,
  bulkStatusResponse,
  filterChoicesResponse,
  orderStatusBody,
  orderStatusResponse,
  savedViewBody,
  savedViewCountsResponse,
  savedViewListResponse,
  savedViewSchema,
} from '@portal/shared/orders/admin-orders.schemas';
import { releaseOrderBody } from '@portal/shared/credit/credit.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  createSavedView,
  editSavedView,
  listQueueOrders,
  listSavedViews,
  moveOrder,
  moveOrders,
  ordersPdf,
  queueFilterChoices,
  removeSavedView,
  savedViewCounts,
} from './admin-order-queue.service.ts';
import { releaseHeldOrder } from './credit-release.service.ts';

const MODULE = 'Orders';
// Any text: an id that is not this distributor's order (or the caller's view) is answered 404 by the service.
const orderParams = z.object({ orderId: z.string().max(64) });
const viewParams = z.object({ viewId: z.string().max(64) });

export async function adminOrdersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const view = { access: access.module(MODULE, 'view') };
  const edit = { access: access.module(MODULE, 'edit') };
  // A file that leaves the portal: the module's export permission.
  const exportFile = { access: access.module(MODULE, 'export') };
  // Letting an order over the store's credit limit through: the module's approve permission.
  const approve = { access: access.module(MODULE, 'approve') };
  const tags = ['admin'];

  r.get(
    '/admin/orders',
    {
      config: view,
      schema: {
        tags,
        summary:
          "Every customer's orders: paged, sorted, filtered by status (several), order and delivery dates, route, order day, sales rep, placed by, customer, amount, and a search of order number, store and item",
        querystring: adminOrderListQuery,
        response: { 200: envelope(adminOrderListResponse) },
      },
    },
    async (request) => ok(await listQueueOrders(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/orders/filter-choices',
    {
      config: view,
      schema: {
        tags,
        summary: 'The sales reps and routes the filter bar offers',
        response: { 200: envelope(filterChoicesResponse) },
      },
    },
    async (request) => ok(await queueFilterChoices(db, requireActor(request))),
  );

  r.get(
    '/admin/orders/views',
    { config: view, schema: { tags, summary: "The caller's saved views", response: { 200: envelope(savedViewListResponse) } } },
    async (request) => ok(await listSavedViews(db, requireActor(request))),
  );

  r.get(
    '/admin/orders/views/counts',
    {
      config: view,
      schema: {
        tags,
        summary: "The count of every order and of each of the caller's saved views",
        response: { 200: envelope(savedViewCountsResponse) },
      },
    },
    async (request) => ok(await savedViewCounts(db, requireActor(request))),
  );

  r.post(
    '/admin/orders/views',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Save a view: a name and the filters',
        body: savedViewBody,
        response: { 201: envelope(savedViewSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createSavedView(db, requireActor(request), request.body), ADMIN_ORDER_MESSAGES.viewCreated)),
  );

  r.put(
    '/admin/orders/views/:viewId',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Rename a saved view or change its filters',
        params: viewParams,
        body: savedViewBody,
        response: { 200: envelope(savedViewSchema) },
      },
    },
    async (request) =>
      ok(await editSavedView(db, requireActor(request), request.params.viewId, request.body), ADMIN_ORDER_MESSAGES.viewUpdated),
  );

  r.delete(
    '/admin/orders/views/:viewId',
    {
      config: edit,
      schema: { tags, summary: 'Delete a saved view', params: viewParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeSavedView(db, requireActor(request), request.params.viewId);
      return ok(null, ADMIN_ORDER_MESSAGES.viewDeleted);
    },
  );

  r.post(
    '/admin/orders/bulk/status',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Move up to 500 orders to a status: checked first, then applied per order, a result per order',
        body: bulkStatusBody,
        response: { 200: envelope(bulkStatusResponse) },
      },
    },
    async (request) => {
      const result = await moveOrders(db, requireActor(request), request.body);
      return ok(result, result.summary);
    },
  );

  r.post(
    '/admin/orders/bulk/pdf',
    {
      config: exportFile,
      schema: {
        tags,
        summary: 'The orders as one PDF file (application/pdf): invoices, or pick copies with hasPrice=false',
        body: bulkPdfBody,
      },
    },
    async (request, reply) => {
      const pdf = await ordersPdf(db, requireActor(request), request.body, { media: app.deps.config });
      return reply.type('application/pdf').header('content-disposition', 'attachment; filename="orders.pdf"').send(pdf);
    },
  );

  r.post(
    '/admin/orders/:orderId/status',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Move one order to a status (forward only; cancel until picking): 409 when the rule refuses',
        params: orderParams,
        body: orderStatusBody,
        response: { 200: envelope(orderStatusResponse) },
      },
    },
    async (request) => {
      const { order, message } = await moveOrder(db, requireActor(request), request.params.orderId, request.body);
      return ok({ order }, message);
    },
  );

  r.post(
    '/admin/orders/:orderId/release',
    {
      config: approve,
      schema: {
        tags,
        summary: 'Release an order held over its credit limit: it moves on to placed; the reason is recorded',
        params: orderParams,
        body: releaseOrderBody,
        response: { 200: envelope(orderStatusResponse) },
      },
    },
    async (request) => {
      const { order, message } = await releaseHeldOrder(db, requireActor(request), request.params.orderId, request.body.reason);
      return ok({ order }, message);
    },
  );
}
