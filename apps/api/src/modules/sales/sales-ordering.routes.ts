// The sales area's catalogue, cart and order calls (spec §7 Sales). Each one binds the customer
// (sales.service.ts bindCustomer: header, ownership, 409 rule) and then calls the retailer module's
// own service with a sales buyer: that customer's prices, the rep-facing flags, placed_by_role sales.
import { orderScheduleSchema } from '@portal/shared/calendar/delivery-calendar.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartAddBody, cartSummarySchema, cartUpdateBody } from '@portal/shared/cart/cart.schemas';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { z } from 'zod';
import { creditStatusSchema } from '@portal/shared/credit/credit.schemas';
import { ORDER_DETAILS_MESSAGES, orderNoteBody, orderNotesResponse } from '@portal/shared/orders/order-details.schemas';
import { limitField, pageField } from '@portal/shared/catalog/catalog.schemas';
import {
  accountReceivableQuery,
  accountReceivableResponse,
  dateFilter,
  deliveryChargeResponse,
  deliveryStatusResponse,
  orderDetailResponse,
  orderedProductsBody,
  orderedProductsResponse,
  orderHistoryResponse,
  orderPdfQuery,
  placedOrderSchema,
  placeOrderBody,
  placeOrderHeaders,
  productOrderHistoryResponse,
} from '@portal/shared/orders/orders.schemas';
import {
  cartItemParams,
  customerHeadersSchema,
  customerIdParams,
  salesOrderHistoryQuery,
  salesProductHistoryQuery,
  topProductsQuery,
  topProductsResponseSchema,
} from '@portal/shared/sales/sales.schemas';
import type { Db } from '../../db/database.ts';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { salesBuyer, type BuyerContext } from '../../platform/buyer-context.ts';
import { getInventory } from '../catalog/catalog.service.ts';
import { addToCart, clearCart, getCart, getDeliveryCharge, removeCartItem, updateCartItem } from '../cart/cart.service.ts';
import { accountReceivable } from '../receivables/receivables.service.ts';
import {
  deliveryStatus,
  orderByNumber,
  orderedProducts,
  orderHistory,
  orderHistoryByProduct,
  orderPdf,
  placeOrder,
  placedMessage,
  creditStatus,
  addStoreOrderNote,
  storeOrderNotes,
} from '../orders/orders.service.ts';
import { storeSchedule } from '../calendar/calendar.service.ts';
import { bindingInput } from './binding-input.ts';
import { bindCustomer, topProductsForSales } from './sales.service.ts';

const orderNumberParams = z.object({ orderNumber: z.string().trim().min(1).max(40) });
const linesQuery = z.object({
  page: pageField.default(1),
  limit: limitField(50, 200),
  startDate: dateFilter,
  endDate: dateFilter,
  search: z.string().trim().max(100).optional(),
});

/** The buyer of a customer-bound sales call: the rep acting for the bound customer. */
async function salesBuyerOf(db: Db, request: FastifyRequest, pathCustomerId?: string): Promise<BuyerContext> {
  const actor = requireActor(request);
  const customer = await bindCustomer(db, actor, bindingInput(request, pathCustomerId));
  return salesBuyer(actor, customer.id);
}

export async function salesOrderingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['sales'];
  const inventoryBody = inventoryFilterBody.default({ page: 1, limit: 50, only: [] } as never);

  // Both inventory paths of the spec answer the same catalogue: the retailer's filters, priced for
  // the customer, with the rep-facing flags.
  for (const path of ['/sales/getInventoryItems/:customerId', '/sales/getInventoryItemsBySalesMan/:customerId']) {
    r.post(
      path,
      {
        config: { access: access.salesCustomer },
        schema: {
          tags,
          summary: 'Catalogue for the customer, with the rep-facing flags',
          params: customerIdParams,
          headers: customerHeadersSchema,
          body: inventoryBody,
          response: { 200: envelope(inventoryResponseSchema) },
        },
      },
      async (request) => {
        const buyer = await salesBuyerOf(db, request, request.params.customerId);
        return ok(await getInventory(db, buyer, request.body));
      },
    );
  }

  // Cart: the rep's own lines for the bound customer (carts are kept per customer and user).
  // A line is named by its product id (finalCartItems[].Product.id), as on the retailer side.
  const summary = { 200: envelope(cartSummarySchema) };
  const cartSchema = { tags, headers: customerHeadersSchema, response: summary };

  r.get(
    '/sales/cartItem/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: { ...cartSchema, summary: "The rep's cart for the customer", params: customerIdParams },
    },
    async (request) => ok(await getCart(db, await salesBuyerOf(db, request, request.params.customerId))),
  );
  r.post(
    '/sales/addToCart/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: { ...cartSchema, summary: 'Adds to the cart', params: customerIdParams, body: cartAddBody },
    },
    async (request) =>
      ok(await addToCart(db, await salesBuyerOf(db, request, request.params.customerId), request.body), 'Item added to cart'),
  );
  r.put(
    '/sales/cartItem/:id',
    {
      config: { access: access.salesCustomer },
      schema: { ...cartSchema, summary: 'Sets the quantity of a cart line', params: cartItemParams, body: cartUpdateBody },
    },
    async (request) =>
      ok(await updateCartItem(db, await salesBuyerOf(db, request), request.params.id, request.body.quantity), 'Cart updated'),
  );
  r.delete(
    '/sales/cartItem/:id',
    {
      config: { access: access.salesCustomer },
      schema: { ...cartSchema, summary: 'Removes a cart line', params: cartItemParams },
    },
    async (request) => ok(await removeCartItem(db, await salesBuyerOf(db, request), request.params.id), 'Item removed from cart'),
  );
  r.delete(
    '/sales/clearCart/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: { ...cartSchema, summary: 'Empties the cart', params: customerIdParams },
    },
    async (request) => ok(await clearCart(db, await salesBuyerOf(db, request, request.params.customerId)), 'Cart cleared'),
  );
  r.get(
    '/sales/order-schedule',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "The working customer's next order day (holidays applied), cut-off and the delivery date an order now gets",
        headers: customerHeadersSchema,
        response: { 200: envelope(orderScheduleSchema) },
      },
    },
    async (request) => ok(await storeSchedule(db, await salesBuyerOf(db, request))),
  );
  r.get(
    '/sales/deliveryCharge/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: 'Delivery charge rule and the charge for the cart',
        params: customerIdParams,
        headers: customerHeadersSchema,
        response: { 200: envelope(deliveryChargeResponse) },
      },
    },
    async (request) => ok(await getDeliveryCharge(db, await salesBuyerOf(db, request, request.params.customerId))),
  );

  // Under /api/dashboard/* (retailer or sales by the guard); the service admits sales reps only.
  r.get(
    '/dashboard/topProductForSales',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags: ['dashboard', 'sales'],
        summary: "Best sellers among the rep's customers, priced for the working customer",
        headers: customerHeadersSchema,
        querystring: topProductsQuery,
        response: { 200: envelope(topProductsResponseSchema) },
      },
    },
    async (request) =>
      ok(await topProductsForSales(db, requireActor(request), bindingInput(request), request.query.page, request.query.limit)),
  );

  // Orders for the bound customer: placed with placed_by_role 'sales' by the rep's user; history,
  // details, status and PDF are the customer's own orders (whoever placed them).
  r.post(
    '/sales/placeOrder/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "Places the rep's cart for the customer (is-web-order, Idempotency-Key as for retailers)",
        params: customerIdParams,
        headers: customerHeadersSchema.extend(placeOrderHeaders.shape),
        body: placeOrderBody,
        response: { 200: envelope(placedOrderSchema) },
      },
    },
    async (request) => {
      const buyer = await salesBuyerOf(db, request, request.params.customerId);
      const idempotencyKey = request.headers['idempotency-key'];
      const placed = await placeOrder(db, buyer, request.body ?? {}, {
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        isWebOrder: request.headers['is-web-order'] === 'true',
      });
      return ok(placed, placedMessage(placed));
    },
  );
  r.get(
    '/sales/creditStatus/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "The customer's balance, exposure (balance + undelivered orders + the rep's cart), credit limit and policy",
        params: customerIdParams,
        headers: customerHeadersSchema,
        response: { 200: envelope(creditStatusSchema) },
      },
    },
    async (request) => ok(await creditStatus(db, await salesBuyerOf(db, request, request.params.customerId))),
  );
  r.get(
    '/sales/orderHistory/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "The customer's orders",
        params: customerIdParams,
        headers: customerHeadersSchema,
        querystring: salesOrderHistoryQuery,
        response: { 200: envelope(orderHistoryResponse) },
      },
    },
    async (request) => {
      const { pageSize, ...q } = request.query;
      return ok(
        await orderHistory(db, await salesBuyerOf(db, request, request.params.customerId), { ...q, limit: pageSize ?? q.limit }),
      );
    },
  );
  r.get(
    '/sales/orderHistoryByOrderNumber/:orderNumber',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: 'One order of the customer with its lines',
        params: orderNumberParams,
        headers: customerHeadersSchema,
        querystring: linesQuery,
        response: { 200: envelope(orderDetailResponse) },
      },
    },
    async (request) => ok(await orderByNumber(db, await salesBuyerOf(db, request), request.params.orderNumber, request.query)),
  );
  r.get(
    '/sales/orderHistoryByProductNumber',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "The customer's orders of one product",
        headers: customerHeadersSchema,
        querystring: salesProductHistoryQuery,
        response: { 200: envelope(productOrderHistoryResponse) },
      },
    },
    async (request) => {
      const { productNumber, customerId, page, limit } = request.query;
      return ok(await orderHistoryByProduct(db, await salesBuyerOf(db, request, customerId), productNumber, { page, limit }));
    },
  );
  r.get(
    '/sales/orderDeliveryStatus/:orderNumber',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: 'Delivery timeline of one order of the customer',
        params: orderNumberParams,
        headers: customerHeadersSchema,
        response: { 200: envelope(deliveryStatusResponse) },
      },
    },
    async (request) => ok(await deliveryStatus(db, await salesBuyerOf(db, request), request.params.orderNumber)),
  );
  // Not in spec §7: the rep's side of an order's notes thread with the office, for the working customer
  // (the retailer's GET/POST /retailer/orderNotes/{orderNumber}); a rep's note is on the store's side.
  r.get(
    '/sales/orderNotes/:orderNumber',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        params: orderNumberParams,
        headers: customerHeadersSchema,
        response: { 200: envelope(orderNotesResponse) },
      },
    },
    async (request) => ok(await storeOrderNotes(db, await salesBuyerOf(db, request), request.params.orderNumber)),
  );
  r.post(
    '/sales/orderNotes/:orderNumber',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        params: orderNumberParams,
        headers: customerHeadersSchema,
        body: orderNoteBody,
        response: { 201: envelope(orderNotesResponse) },
      },
    },
    async (request, reply) => {
      const buyer = await salesBuyerOf(db, request);
      const notes = await addStoreOrderNote(db, buyer, requireActor(request).name, request.params.orderNumber, request.body.text);
      return reply.status(201).send(ok(notes, ORDER_DETAILS_MESSAGES.noteAdded));
    },
  );
  r.get(
    '/sales/orderPdf/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: 'The order as a PDF (application/pdf): invoice, or pick copy with hasPrice=false',
        params: customerIdParams,
        headers: customerHeadersSchema,
        querystring: orderPdfQuery,
      },
    },
    async (request, reply) => {
      const buyer = await salesBuyerOf(db, request, request.params.customerId);
      const pdf = await orderPdf(db, buyer, request.query.orderNumber, request.query.hasPrice, { media: app.deps.config });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="order-${request.query.orderNumber.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`)
        .send(pdf);
    },
  );

  // Not in spec §7 (which lists no call for it) but needed by the sales "ordered-items" screen:
  // the retailer's POST /retailer/orderedProducts for the bound customer.
  r.post(
    '/sales/orderedProducts/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: 'Products the customer has ordered, with the rep-facing flags',
        params: customerIdParams,
        headers: customerHeadersSchema,
        body: orderedProductsBody,
        response: { 200: envelope(orderedProductsResponse) },
      },
    },
    async (request) =>
      ok(
        await orderedProducts(
          db,
          await salesBuyerOf(db, request, request.params.customerId),
          request.body ?? { page: 1, limit: 20 },
        ),
      ),
  );

  // Not in spec §7 either: the sales "account" screen shows the selected customer's receivables,
  // the retailer's GET /retailer/accountReceivable for the bound customer.
  r.get(
    '/sales/accountReceivable/:customerId',
    {
      config: { access: access.salesModule('Account Receivable', 'customer') },
      schema: {
        tags,
        summary: "The customer's balance and ledger",
        params: customerIdParams,
        headers: customerHeadersSchema,
        querystring: accountReceivableQuery,
        response: { 200: envelope(accountReceivableResponse) },
      },
    },
    async (request) => ok(await accountReceivable(db, await salesBuyerOf(db, request, request.params.customerId), request.query)),
  );
}
