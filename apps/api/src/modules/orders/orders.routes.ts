// Retailer order paths of spec §7: place the order, history (by dates, search, order number,
// product), ordered products, delivery status and the PDF.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitField, pageField } from '@portal/shared/catalog/catalog.schemas';
import {
  dateFilter,
  deliveryStatusResponse,
  orderDetailResponse,
  orderedProductsBody,
  orderedProductsResponse,
  orderHistoryQuery,
  orderHistoryResponse,
  orderPdfQuery,
  placedOrderSchema,
  placeOrderBody,
  placeOrderHeaders,
  productOrderHistoryResponse,
} from '@portal/shared/orders/orders.schemas';
import { creditStatusSchema } from '@portal/shared/credit/credit.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import {
  deliveryStatus,
  orderByNumber,
  orderedProducts,
  orderHistory,
  orderHistoryByProduct,
  orderPdf,
  placeOrder,
  placedMessage,
} from './orders.service.ts';
import { creditStatus } from './credit.service.ts';

const orderNumberParams = z.object({ orderNumber: z.string().trim().min(1).max(40) });
const productNumberParams = z.object({ productNumber: z.string().trim().min(1).max(60) });
const linesQuery = z.object({
  page: pageField.default(1),
  limit: limitField(50, 200),
  startDate: dateFilter,
  endDate: dateFilter,
  search: z.string().trim().max(100).optional(),
});
const pageQuery = z.object({ page: pageField.default(1), limit: limitField(10, 100) });

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['retailer'];

  r.post(
    '/retailer/placeOrder',
    {
      config: { access: access.retailer },
      schema: { tags, headers: placeOrderHeaders, body: placeOrderBody, response: { 200: envelope(placedOrderSchema) } },
    },
    async (req) => {
      const placed = await placeOrder(db, retailerBuyer(requireActor(req)), req.body ?? {}, {
        idempotencyKey: req.headers['idempotency-key'],
        isWebOrder: req.headers['is-web-order'] === 'true',
      });
      return ok(placed, placedMessage(placed));
    },
  );
  r.get(
    '/retailer/creditStatus',
    {
      config: { access: access.retailer },
      schema: {
        tags,
        summary: "The store's balance, exposure (balance + undelivered orders + this cart), credit limit and policy",
        response: { 200: envelope(creditStatusSchema) },
      },
    },
    async (req) => ok(await creditStatus(db, retailerBuyer(requireActor(req)))),
  );
  r.get(
    '/retailer/orderHistory',
    {
      config: { access: access.retailer },
      schema: { tags, querystring: orderHistoryQuery, response: { 200: envelope(orderHistoryResponse) } },
    },
    async (req) => ok(await orderHistory(db, retailerBuyer(requireActor(req)), req.query)),
  );
  r.get(
    '/retailer/orderHistoryByOrderNumber/:orderNumber',
    {
      config: { access: access.retailer },
      schema: { tags, params: orderNumberParams, querystring: linesQuery, response: { 200: envelope(orderDetailResponse) } },
    },
    async (req) => ok(await orderByNumber(db, retailerBuyer(requireActor(req)), req.params.orderNumber, req.query)),
  );
  r.get(
    '/retailer/orderHistoryByProductNumber/:productNumber',
    {
      config: { access: access.retailer },
      schema: {
        tags,
        params: productNumberParams,
        querystring: pageQuery,
        response: { 200: envelope(productOrderHistoryResponse) },
      },
    },
    async (req) => ok(await orderHistoryByProduct(db, retailerBuyer(requireActor(req)), req.params.productNumber, req.query)),
  );
  r.post(
    '/retailer/orderedProducts',
    {
      config: { access: access.retailer },
      schema: { tags, body: orderedProductsBody, response: { 200: envelope(orderedProductsResponse) } },
    },
    async (req) => ok(await orderedProducts(db, retailerBuyer(requireActor(req)), req.body ?? { page: 1, limit: 20 })),
  );
  r.get(
    '/retailer/orderDeliveryStatus/:orderNumber',
    {
      config: { access: access.retailer },
      schema: { tags, params: orderNumberParams, response: { 200: envelope(deliveryStatusResponse) } },
    },
    async (req) => ok(await deliveryStatus(db, retailerBuyer(requireActor(req)), req.params.orderNumber)),
  );
  r.get(
    '/retailer/orderPdf',
    {
      config: { access: access.retailer },
      schema: {
        tags,
        summary: 'The order as a PDF (application/pdf): invoice, or pick copy with hasPrice=false',
        querystring: orderPdfQuery,
      },
    },
    async (req, reply) => {
      const pdf = await orderPdf(db, retailerBuyer(requireActor(req)), req.query.orderNumber, req.query.hasPrice, {
        media: app.deps.config,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="order-${req.query.orderNumber.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`)
        .send(pdf);
    },
  );
}
