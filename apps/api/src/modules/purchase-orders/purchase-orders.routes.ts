// Purchase orders (module Purchase Orders; the action follows the method unless named) and high demand
// (module High Demand, view):
//   GET    /admin/purchase-orders                          paged, sorted, filtered list
//   POST   /admin/purchase-orders                          create a draft (add)
//   GET    /admin/purchase-orders/suggestions              vendors with high-demand products, units suggested
//   GET    /admin/purchase-orders/suggestions/:vendorId    one vendor's suggested lines
//   GET    /admin/purchase-orders/choices                  active vendors; with vendorId its active products
//   GET    /admin/purchase-orders/settings                 sales window and cover days; PUT (edit) saves them
//   GET    /admin/purchase-orders/:purchaseOrderId         one purchase order with lines and receipts
//   PUT    /admin/purchase-orders/:purchaseOrderId         edit a draft
//   DELETE /admin/purchase-orders/:purchaseOrderId         delete a draft
//   POST   /admin/purchase-orders/:purchaseOrderId/issue   draft → issued (edit)
//   POST   /admin/purchase-orders/:purchaseOrderId/cancel  issued, nothing received → cancelled (edit)
//   POST   /admin/purchase-orders/:purchaseOrderId/receive a receipt, full or partial (edit)
//   GET    /admin/purchase-orders/:purchaseOrderId/pdf     the PDF for the vendor (export)
//   GET    /admin/high-demand                              products whose cover is below the threshold
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PURCHASE_ORDER_MESSAGES as M,
  choicesQuery,
  choicesResponse,
  highDemandQuery,
  highDemandResponse,
  purchaseOrderBody,
  purchaseOrderDetailSchema,
  purchaseOrderListQuery,
  purchaseOrderListResponse,
  purchasingSettingsSchema,
  receiptBody,
  suggestionsResponse,
  vendorSuggestionResponse,
} from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  editPurchaseOrder,
  editPurchasingSettings,
  getPurchaseOrder,
  getPurchasingSettings,
  highDemandList,
  issuePurchaseOrder,
  listPurchaseOrderRows,
  purchaseOrderChoices,
  purchaseOrderPdf,
  receivePurchaseOrder,
  removePurchaseOrder,
  suggestionSummary,
  vendorSuggestion,
} from './purchase-orders.service.ts';

const MODULE = 'Purchase Orders';
const tags = ['admin'];
// Any text: an id that is not one of this distributor's is answered 404 by the service.
const poParams = z.object({ purchaseOrderId: z.string() });
const vendorParams = z.object({ vendorId: z.string() });

export async function purchaseOrdersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };
  const edit = { access: access.module(MODULE, 'edit') };

  r.get(
    '/admin/purchase-orders',
    {
      config,
      schema: {
        tags,
        summary: 'Purchase orders: paged, sorted, filtered by status (open = issued or partly received), vendor, search',
        querystring: purchaseOrderListQuery,
        response: { 200: envelope(purchaseOrderListResponse) },
      },
    },
    async (req) => ok(await listPurchaseOrderRows(db, requireActor(req), req.query)),
  );

  r.post(
    '/admin/purchase-orders',
    {
      config,
      schema: {
        tags,
        summary: 'Create a draft purchase order',
        body: purchaseOrderBody,
        response: { 201: envelope(purchaseOrderDetailSchema) },
      },
    },
    async (req, reply) => reply.status(201).send(ok(await createPurchaseOrder(db, requireActor(req), req.body), M.created)),
  );

  r.get(
    '/admin/purchase-orders/suggestions',
    {
      config,
      schema: {
        tags,
        summary: 'Vendors with high-demand products: how many and the units a suggested purchase order holds',
        response: { 200: envelope(suggestionsResponse) },
      },
    },
    async (req) => ok(await suggestionSummary(db, requireActor(req))),
  );

  r.get(
    '/admin/purchase-orders/suggestions/:vendorId',
    {
      config,
      schema: {
        tags,
        summary: "A vendor's suggested purchase order: its high-demand products with the units to order",
        params: vendorParams,
        response: { 200: envelope(vendorSuggestionResponse) },
      },
    },
    async (req) => ok(await vendorSuggestion(db, requireActor(req), req.params.vendorId)),
  );

  r.get(
    '/admin/purchase-orders/choices',
    {
      config,
      schema: {
        tags,
        summary: "The editor's choices: active vendors, and with vendorId that vendor's active products (500 at most each)",
        querystring: choicesQuery,
        response: { 200: envelope(choicesResponse) },
      },
    },
    async (req) => ok(await purchaseOrderChoices(db, requireActor(req), req.query.vendorId)),
  );

  r.get(
    '/admin/purchase-orders/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Purchasing settings: sales window, cover threshold, target cover',
        response: { 200: envelope(purchasingSettingsSchema) },
      },
    },
    async (req) => ok(await getPurchasingSettings(db, requireActor(req))),
  );

  r.put(
    '/admin/purchase-orders/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Save the purchasing settings',
        body: purchasingSettingsSchema,
        response: { 200: envelope(purchasingSettingsSchema) },
      },
    },
    async (req) => ok(await editPurchasingSettings(db, requireActor(req), req.body), M.settingsSaved),
  );

  r.get(
    '/admin/purchase-orders/:purchaseOrderId',
    {
      config,
      schema: {
        tags,
        summary: 'One purchase order with its lines and receipts',
        params: poParams,
        response: { 200: envelope(purchaseOrderDetailSchema) },
      },
    },
    async (req) => ok(await getPurchaseOrder(db, requireActor(req), req.params.purchaseOrderId)),
  );

  r.put(
    '/admin/purchase-orders/:purchaseOrderId',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a draft purchase order (its lines are replaced)',
        params: poParams,
        body: purchaseOrderBody,
        response: { 200: envelope(purchaseOrderDetailSchema) },
      },
    },
    async (req) => ok(await editPurchaseOrder(db, requireActor(req), req.params.purchaseOrderId, req.body), M.updated),
  );

  r.delete(
    '/admin/purchase-orders/:purchaseOrderId',
    {
      config,
      schema: { tags, summary: 'Delete a draft purchase order', params: poParams, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await removePurchaseOrder(db, requireActor(req), req.params.purchaseOrderId);
      return ok(null, M.deleted);
    },
  );

  for (const [action, run, message, summary] of [
    ['issue', issuePurchaseOrder, M.issued, 'Issue a draft purchase order to its vendor'],
    ['cancel', cancelPurchaseOrder, M.cancelled, 'Cancel an issued purchase order with nothing received'],
  ] as const) {
    r.post(
      `/admin/purchase-orders/:purchaseOrderId/${action}`,
      { config: edit, schema: { tags, summary, params: poParams, response: { 200: envelope(purchaseOrderDetailSchema) } } },
      async (req) => ok(await run(db, requireActor(req), req.params.purchaseOrderId), message),
    );
  }

  r.post(
    '/admin/purchase-orders/:purchaseOrderId/receive',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Receive goods, fully or partly: raises stock on hand in the same transaction',
        params: poParams,
        body: receiptBody,
        response: { 200: envelope(purchaseOrderDetailSchema) },
      },
    },
    async (req) => ok(await receivePurchaseOrder(db, requireActor(req), req.params.purchaseOrderId, req.body), M.received),
  );

  r.get(
    '/admin/purchase-orders/:purchaseOrderId/pdf',
    {
      config: { access: access.module(MODULE, 'export') },
      schema: { tags, summary: 'The purchase order as a PDF for the vendor (application/pdf)', params: poParams },
    },
    async (req, reply) => {
      const { poNumber, pdf } = await purchaseOrderPdf(db, requireActor(req), req.params.purchaseOrderId, {
        media: app.deps.config,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${poNumber.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`)
        .send(pdf);
    },
  );

  r.get(
    '/admin/high-demand',
    {
      config: { access: access.module('High Demand') },
      schema: {
        tags,
        summary: 'Products whose sales outrun their stock: days of cover below the threshold, paged and sorted',
        querystring: highDemandQuery,
        response: { 200: envelope(highDemandResponse) },
      },
    },
    async (req) => ok(await highDemandList(db, requireActor(req), req.query)),
  );
}
