// The office's order details (distributor users with the Orders module: view to read, edit to change,
// export for the PDF):
//   GET  /admin/orders/:orderId              the order: store, lines, totals, revision, status history, notes
//   PUT  /admin/orders/:orderId/lines        edit before picking: quantities, removals, additions, pricing choice
//   GET  /admin/orders/:orderId/notes        the notes thread between staff and the store
//   POST /admin/orders/:orderId/notes        add a staff note
//   GET  /admin/orders/:orderId/pdf          (export) the same PDF as the store's (hasPrice=false: pick copy)
//   GET  /admin/orders/:orderId/product-choices?search=   products to add, at the store's price today
//   GET  /admin/orders/:orderId/audit        the order's History (audit log), newest first
//   GET  /admin/orders/:orderId/short-picks  the short picks recorded while picking (docs/pick-lists.md)
//   POST /admin/orders/:orderId/short-picks  (edit) records short picks: lowers lines and totals, tells the store
// Another distributor's order, or an unknown id, answers 404 `Order not found`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import {
  editOrderLinesBody,
  ORDER_DETAILS_MESSAGES,
  orderDetailsSchema,
  orderIdParams,
  orderNoteBody,
  orderNotesResponse,
  orderPdfAdminQuery,
  orderProductChoicesQuery,
  orderProductChoicesResponse,
} from '@portal/shared/orders/order-details.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  addStaffOrderNote,
  getOrderDetails,
  orderProductChoices,
  staffOrderAudit,
  staffOrderNotes,
  staffOrderPdf,
} from './order-details.service.ts';
import { editOrderLines } from './order-edit.service.ts';
import { orderShortPicks, recordShortPicks } from './order-short-pick.service.ts';
import { EPICK_MESSAGES, shortPickBody, shortPicksResponse } from '@portal/shared/epick/epick.schemas';

const MODULE = 'Orders';

export async function adminOrderDetailsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['admin'];
  const view = { access: access.module(MODULE, 'view') };
  const edit = { access: access.module(MODULE, 'edit') };
  // A file that leaves the portal: the module's export permission.
  const exportFile = { access: access.module(MODULE, 'export') };

  r.get(
    '/admin/orders/:orderId',
    {
      config: view,
      schema: {
        tags,
        summary: 'An order with its store, lines, totals, revision, status history and notes thread',
        params: orderIdParams,
        response: { 200: envelope(orderDetailsSchema) },
      },
    },
    async (req) => ok(await getOrderDetails(db, requireActor(req), req.params.orderId)),
  );

  r.put(
    '/admin/orders/:orderId/lines',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Edit an order before picking: the full list of lines wanted (absent or 0 removes), prices as ordered or current',
        params: orderIdParams,
        body: editOrderLinesBody,
        response: { 200: envelope(orderDetailsSchema) },
      },
    },
    async (req) => ok(await editOrderLines(db, requireActor(req), req.params.orderId, req.body), ORDER_DETAILS_MESSAGES.edited),
  );

  r.get(
    '/admin/orders/:orderId/notes',
    {
      config: view,
      schema: {
        tags,
        summary: 'The notes between staff and the store',
        params: orderIdParams,
        response: { 200: envelope(orderNotesResponse) },
      },
    },
    async (req) => ok(await staffOrderNotes(db, requireActor(req), req.params.orderId)),
  );

  r.post(
    '/admin/orders/:orderId/notes',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a staff note (the store reads it on its order)',
        params: orderIdParams,
        body: orderNoteBody,
        response: { 201: envelope(orderNotesResponse) },
      },
    },
    async (req, reply) => {
      const notes = await addStaffOrderNote(db, requireActor(req), req.params.orderId, req.body.text);
      return reply.status(201).send(ok(notes, ORDER_DETAILS_MESSAGES.noteAdded));
    },
  );

  r.get(
    '/admin/orders/:orderId/pdf',
    {
      config: exportFile,
      schema: {
        tags,
        summary: 'The order as a PDF (application/pdf): invoice, or pick copy with hasPrice=false',
        params: orderIdParams,
        querystring: orderPdfAdminQuery,
      },
    },
    async (req, reply) => {
      const { orderNumber, pdf } = await staffOrderPdf(db, requireActor(req), req.params.orderId, req.query.hasPrice, {
        media: app.deps.config,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="order-${orderNumber.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`)
        .send(pdf);
    },
  );

  r.get(
    '/admin/orders/:orderId/product-choices',
    {
      config: edit,
      schema: {
        tags,
        summary: "Products to add to the order: the store's catalogue search, with its price today and the stock on hand",
        params: orderIdParams,
        querystring: orderProductChoicesQuery,
        response: { 200: envelope(orderProductChoicesResponse) },
      },
    },
    async (req) => ok(await orderProductChoices(db, requireActor(req), req.params.orderId, req.query.search)),
  );

  r.get(
    '/admin/orders/:orderId/audit',
    {
      config: view,
      schema: {
        tags,
        summary: "The order's History: who changed what and when, before and after",
        params: orderIdParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (req) => ok(await staffOrderAudit(db, requireActor(req), req.params.orderId, req.query)),
  );

  r.get(
    '/admin/orders/:orderId/short-picks',
    {
      config: view,
      schema: {
        tags,
        summary: "The order's short picks, oldest first",
        params: orderIdParams,
        response: { 200: envelope(shortPicksResponse) },
      },
    },
    async (req) => ok({ shortPicks: await orderShortPicks(db, requireActor(req), req.params.orderId) }),
  );

  r.post(
    '/admin/orders/:orderId/short-picks',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Records short picks while picking: each line to the quantity picked, with a reason; totals, revision and the account follow, the store is told',
        params: orderIdParams,
        body: shortPickBody,
        response: { 200: envelope(orderDetailsSchema) },
      },
    },
    async (req) =>
      ok(
        await recordShortPicks(db, requireActor(req), req.params.orderId, req.body),
        EPICK_MESSAGES.shortRecorded(req.body.lines.length),
      ),
  );
}
