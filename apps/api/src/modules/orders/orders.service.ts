// Placing an order from the buyer's server-side cart, in one write transaction, and reading the
// customer's orders back. Every function takes an explicit buyer, so retailer and sales routes share them.
import { cartLineProblems, cartProblemsMessage, checkBeforeOrder, EMPTY_CART_MESSAGE } from '@portal/shared/cart/cart-rules';
import type { CartProblem, CartProblemsData, OrderLineProblem } from '@portal/shared/cart/cart.schemas';
import {
  DEFAULT_SORTS,
  type OrderedItemsSortKey,
  type OrderHistorySortKey,
  resolveSorting,
  type SortDirection,
} from '@portal/shared/api/sort';
import { CREDIT_MESSAGES } from '@portal/shared/credit/credit';
import { centsToDollars } from '@portal/shared/money/money';
import { buildTimeline, ORDER_STATUS_LABELS, type OrderStatus } from '@portal/shared/orders/order-status';
import { basisPointsToPercent } from '@portal/shared/pricing/pricing';
import { FIRST_ORDER_SEQUENCE, ORDER_NUMBER_SEQUENCE, formatOrderNumber } from '@portal/shared/settings/settings.schemas';
import { dialectOf, type Db, type DbOrTrx } from '../../db/database.ts';
import type { OrderLineTable, OrderTable } from '../../db/schema.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { loadBuyerTerms, type BuyerContext } from '../../platform/buyer-context.ts';
import { catalogFresh, distributorAllowsBackorders, loadPricedProducts } from '../catalog/catalog.service.ts';
import { imageOf, toCatalogProduct } from '../catalog/catalog-product.ts';
import { emptyCart, priceCart, type PricedCartLine } from '../cart/cart.service.ts';
import { deliveryForNewOrder } from '../calendar/calendar.service.ts';
import {
  findCustomerOrder,
  findOrderByIdempotencyKey,
  findProductByNumber,
  insertOrder,
  listOrderedProducts,
  listOrderLines,
  listOrders,
  listProductOrders,
  listStatusHistory,
  lockCustomer,
  nextSequenceValue,
  postInvoice,
  stockOfProducts,
  takeStockForLines,
  customersOrderedSince,
  ordersForExportPage,
} from './orders.repository.ts';
import { withWriteTransaction } from './write-transaction.ts';
import { exposureOf } from './credit.service.ts';
import { applyOrderSales, rebuildIfStale, summaryTimeZone } from './sales-summary.repository.ts';
import { renderOrderPdf } from './order-pdf.ts';
import { findCustomerById, findDistributor } from '../customers/customers.service.ts';
import { distributorTimeZone, orderNumberFormat } from '../settings/settings.service.ts';
import type { Config } from '../../config.ts';
import { imageForPdf } from '../media/media.service.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';

export { ORDER_NUMBER_SEQUENCE };
// The buyer's credit position (cart and account page), for the sales module too.
export { creditStatus } from './credit.service.ts';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export interface PlaceOrderInput {
  notes?: string;
  poNumber?: string;
  requestedDeliveryDate?: string;
}

export interface PlaceOrderOptions {
  idempotencyKey?: string | null;
  isWebOrder: boolean;
}

type OrderRow = OrderTable;

function toPlaced(o: OrderRow, totalQuantity: number, replayed: boolean) {
  return {
    orderNumber: o.order_number,
    orderId: o.id,
    status: o.status,
    createdAt: o.created_at,
    itemCount: o.item_count,
    totalQuantity,
    subtotal: centsToDollars(o.subtotal_cents),
    tax: centsToDollars(o.tax_cents),
    crv: centsToDollars(o.crv_cents),
    deliveryCharge: centsToDollars(o.delivery_charge_cents),
    total: centsToDollars(o.total_cents),
    replayed,
  };
}

async function totalQuantityOf(db: DbOrTrx, orderId: string): Promise<number> {
  const { rows } = await listOrderLines(db, orderId, { offset: 0, limit: null });
  return rows.reduce((n, l) => n + l.quantity, 0);
}

/**
 * Places the buyer's cart as an order: the empty cart, then every problem line at once (stock, limits,
 * ordering permission: CART_PROBLEMS), then the minimum order; stock taken (never below zero unless
 * back-orders are allowed for the product), on hold when over the credit limit under policy hold, the
 * order number from the sequence,
 * prices snapshotted into the lines, status history started, the invoice posted to the customer's
 * account, and the cart emptied — all or nothing. The same Idempotency-Key answers the same order.
 */
export async function placeOrder(db: Db, buyer: BuyerContext, input: PlaceOrderInput, opts: PlaceOrderOptions) {
  const key = opts.idempotencyKey?.trim() || null;
  // The catalogue is brought up to date before the transaction, which then reads it as it is.
  await catalogFresh(db, buyer.distributorId);
  // The delivery calendar (docs/calendar.md): the next delivery day, or the missed one with the order
  // flagged late when the distributor holds late orders for approval. A date the buyer asked for wins.
  // Read before the write transaction so it holds no lock.
  const delivery = await deliveryForNewOrder(db, buyer.distributorId, buyer.customerId);
  return withWriteTransaction(db, async (trx) => {
    if (dialectOf(trx) === 'postgres') await lockCustomer(trx, buyer.customerId);
    if (key) {
      const existing = await findOrderByIdempotencyKey(trx, buyer.customerId, key);
      if (existing) return toPlaced(existing, await totalQuantityOf(trx, existing.id), true);
    }

    const cart = await priceCart(trx, buyer);
    const terms = cart.terms;
    if (cart.lines.length === 0) throw new AppError('CART_EMPTY', EMPTY_CART_MESSAGE, { status: 400 });
    refuseProblemLines(cart.lines.filter((l) => l.problems.length > 0));
    const refusal = checkBeforeOrder({
      lineCount: cart.lines.length,
      totalCents: cart.totals.subtotalCents,
      minOrderCents: terms.minOrderCents,
    });
    if (refusal) throw new AppError('MINIMUM_ORDER', refusal, { status: 400 });
    // Credit control (docs/credit-control.md): the balance was read inside this transaction, with the
    // customer locked (PostgreSQL) or the write lock held (SQLite), so two orders racing both count.
    // Over the limit with policy hold the order is stored on_hold for the office to release; warn and
    // none place it as usual (the cart has warned).
    const credit = await exposureOf(trx, buyer, cart);
    const status: OrderRow['status'] = credit.action === 'hold' ? 'on_hold' : 'placed';

    const taken = await takeStockForLines(
      trx,
      cart.lines.map((l) => ({ productId: l.product.id, quantity: l.priced.quantity })),
      { dialect: dialectOf(trx), backOrdersAllowed: cart.backOrders },
    );
    const short = cart.lines.filter((l) => !taken.has(l.product.id));
    if (short.length > 0) {
      // Stock taken meanwhile (another order between the cart's check and this statement): every short
      // line is reported with what is left; throwing rolls the lines already taken back.
      const left = await stockOfProducts(
        trx,
        short.map((l) => l.product.id),
      );
      refuseProblemLines(
        short.map((l) => {
          const onHand = left.get(l.product.id) ?? 0;
          const problems = cartLineProblems({
            quantity: l.priced.quantity,
            onHand,
            backOrderAllowed: false,
            limit: l.limit,
            allowToOrder: l.orderable,
          });
          return { ...l, problems: problems.length > 0 ? problems : [insufficient(onHand)] };
        }),
      );
    }

    // The distributor's format (Settings) applies to numbers given from now on; the sequence is one for
    // the installation, so a number is unique whatever the prefix.
    const format = await orderNumberFormat(trx, buyer.distributorId);
    const orderNumber = formatOrderNumber(format, await nextSequenceValue(trx, ORDER_NUMBER_SEQUENCE, FIRST_ORDER_SEQUENCE));
    const at = nowIso();
    const order: OrderRow = {
      id: newId(),
      order_number: orderNumber,
      distributor_id: buyer.distributorId,
      customer_id: buyer.customerId,
      placed_by_user_id: buyer.userId,
      placed_by_role: buyer.placedByRole,
      status,
      notes: input.notes || null,
      po_number: input.poNumber || null,
      requested_delivery_date: input.requestedDeliveryDate || delivery.deliveryDate,
      late: delivery.late ? 1 : 0,
      subtotal_cents: cart.totals.subtotalCents,
      tax_cents: cart.totals.taxCents,
      crv_cents: cart.totals.crvCents,
      delivery_charge_cents: cart.deliveryChargeCents,
      total_cents: cart.grandTotalCents,
      item_count: cart.lines.length,
      is_web_order: opts.isWebOrder ? 1 : 0,
      idempotency_key: key,
      created_at: at,
      updated_at: at,
    };
    const lines: OrderLineTable[] = cart.lines.map((l, i) => ({
      id: newId(),
      order_id: order.id,
      line_no: i + 1,
      product_id: l.product.id,
      item_number: l.product.item_number,
      description: l.product.description,
      upc: l.upc,
      pack: l.product.pack,
      uom: l.product.uom,
      quantity: l.priced.quantity,
      unit_price_cents: l.priced.unitPriceCents,
      tax_rate_bp: l.taxRateBp,
      tax_cents: l.priced.taxCents,
      crv_cents: l.priced.crvCents,
      line_total_cents: l.priced.totalCents,
    }));
    await insertOrder(trx, order, lines, { note: null, userId: buyer.userId });
    await applyOrderSales(trx, order.id, 1);
    await postInvoice(trx, {
      customerId: buyer.customerId,
      orderId: order.id,
      reference: orderNumber,
      amountCents: order.total_cents,
      at,
    });
    await emptyCart(trx, buyer);
    // In the transaction: the endpoints hear of the order only if it commits (docs/webhooks.md).
    await queueWebhookEvent(trx, buyer.distributorId, 'order.placed', async () =>
      orderPlacedWebhookData(order, lines, (await findCustomerById(trx, buyer.customerId))?.c_number ?? null),
    );
    return toPlaced(order, cart.totals.quantity, false);
  });
}

/** The answer's message: the store is told when its order waits on hold for the credit review. */
export function placedMessage(placed: { status: string; orderNumber: string }): string {
  return placed.status === 'on_hold' ? CREDIT_MESSAGES.held(placed.orderNumber) : 'Order placed successfully';
}

/** The `order.placed` webhook's data: the order as placed, amounts in dollars. */
function orderPlacedWebhookData(o: OrderRow, lines: readonly OrderLineTable[], customerNumber: string | null) {
  return {
    orderId: o.id,
    orderNumber: o.order_number,
    status: o.status,
    customerId: o.customer_id,
    customerNumber,
    placedByRole: o.placed_by_role,
    poNumber: o.po_number,
    notes: o.notes,
    requestedDeliveryDate: o.requested_delivery_date,
    placedAt: o.created_at,
    subtotal: centsToDollars(o.subtotal_cents),
    tax: centsToDollars(o.tax_cents),
    crv: centsToDollars(o.crv_cents),
    deliveryCharge: centsToDollars(o.delivery_charge_cents),
    total: centsToDollars(o.total_cents),
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      itemNumber: l.item_number,
      description: l.description,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unit_price_cents),
      total: centsToDollars(l.line_total_cents),
    })),
  };
}

/** A line short of stock however it came to be (cartLineProblems finds one in practice). */
function insufficient(onHand: number): CartProblem {
  return onHand > 0
    ? { code: 'INSUFFICIENT_STOCK', message: `Only ${onHand} left in stock.`, fix: 'reduce', fixQuantity: onHand }
    : { code: 'OUT_OF_STOCK', message: 'Out of stock.', fix: 'remove', fixQuantity: null };
}

/** Refuses the order with every problem line at once (none: nothing to refuse). */
function refuseProblemLines(lines: readonly Pick<PricedCartLine, 'product' | 'problems'>[]): void {
  if (lines.length === 0) return;
  const problems: OrderLineProblem[] = lines.flatMap((l) =>
    l.problems.map((p) => ({
      productId: l.product.id,
      itemNumber: l.product.item_number,
      description: l.product.description,
      ...p,
    })),
  );
  const data: CartProblemsData = { problems };
  throw new AppError('CART_PROBLEMS', cartProblemsMessage(lines.length), { status: 409, data });
}

// ---- reading orders back ----

function toSummary(o: OrderRow) {
  return {
    id: o.id,
    orderNumber: o.order_number,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status] ?? o.status,
    createdAt: o.created_at,
    itemCount: o.item_count,
    subtotal: centsToDollars(o.subtotal_cents),
    tax: centsToDollars(o.tax_cents),
    crv: centsToDollars(o.crv_cents),
    deliveryCharge: centsToDollars(o.delivery_charge_cents),
    total: centsToDollars(o.total_cents),
    poNumber: o.po_number,
    notes: o.notes,
    requestedDeliveryDate: o.requested_delivery_date,
    placedByRole: o.placed_by_role,
    isWebOrder: o.is_web_order === 1,
    revision: Number(o.revision ?? 0),
  };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** startDate/endDate as days (UTC, both inclusive) or exact ISO times, to a [from, before) range. */
export function dateRange(startDate?: string, endDate?: string): { from?: string; before?: string } {
  const from = startDate ? new Date(DAY_RE.test(startDate) ? `${startDate}T00:00:00.000Z` : startDate).toISOString() : undefined;
  let before: string | undefined;
  if (endDate) {
    before = DAY_RE.test(endDate)
      ? new Date(Date.parse(`${endDate}T00:00:00.000Z`) + 86_400_000).toISOString()
      : new Date(Date.parse(endDate) + 1).toISOString();
  }
  if (from && before && from >= before)
    throw badRequest('startDate must be on or before endDate', { startDate: 'startDate must be on or before endDate' });
  return { from, before };
}

export async function orderHistory(
  db: DbOrTrx,
  buyer: BuyerContext,
  q: {
    page: number;
    limit: number;
    startDate?: string;
    endDate?: string;
    search?: string;
    sort?: OrderHistorySortKey;
    dir?: SortDirection;
  },
) {
  const range = dateRange(q.startDate, q.endDate);
  const { rows, total } = await listOrders(
    db,
    { customerId: buyer.customerId, ...range, search: q.search || undefined },
    resolveSorting<OrderHistorySortKey>(DEFAULT_SORTS.orderHistory, q.sort, q.dir),
    (q.page - 1) * q.limit,
    q.limit,
  );
  return { orders: rows.map(toSummary), total, page: q.page, limit: q.limit };
}

async function customerOrder(db: DbOrTrx, buyer: BuyerContext, orderNumber: string) {
  // Another customer's order number answers exactly like one that does not exist.
  const order = await findCustomerOrder(db, buyer.customerId, orderNumber);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

type LineRow = Awaited<ReturnType<typeof listOrderLines>>['rows'][number];

function toLine(l: LineRow) {
  return {
    lineNo: l.line_no,
    productId: l.product_id,
    itemNumber: l.item_number,
    description: l.description,
    upc: l.upc,
    pack: l.pack,
    uom: l.uom,
    quantity: l.quantity,
    price: centsToDollars(l.unit_price_cents),
    taxRate: basisPointsToPercent(l.tax_rate_bp),
    tax: centsToDollars(l.tax_cents),
    crv: centsToDollars(l.crv_cents),
    subtotal: centsToDollars(l.unit_price_cents * l.quantity),
    lineTotal: centsToDollars(l.line_total_cents),
    image: imageOf({
      show_distributor_image: l.show_distributor_image ?? 0,
      distributor_image_url: l.distributor_image_url ?? null,
      master_image_url: l.master_image_url ?? null,
    }),
  };
}

export async function orderByNumber(
  db: DbOrTrx,
  buyer: BuyerContext,
  orderNumber: string,
  q: { page: number; limit: number; search?: string },
) {
  const order = await customerOrder(db, buyer, orderNumber);
  const { rows, total } = await listOrderLines(db, order.id, {
    search: q.search || undefined,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return { order: toSummary(order), lines: rows.map(toLine), total, page: q.page, limit: q.limit };
}

/** The order with all its lines (PDF, reorder). */
export async function orderWithAllLines(db: DbOrTrx, buyer: BuyerContext, orderNumber: string) {
  const order = await customerOrder(db, buyer, orderNumber);
  const { rows } = await listOrderLines(db, order.id, { offset: 0, limit: null });
  return { order, lines: rows };
}

export async function orderHistoryByProduct(
  db: DbOrTrx,
  buyer: BuyerContext,
  productNumber: string,
  q: { page: number; limit: number },
) {
  const { rows, total } = await listProductOrders(db, buyer.customerId, productNumber, (q.page - 1) * q.limit, q.limit);
  const catalogue = await findProductByNumber(db, buyer.distributorId, productNumber);
  const first = rows[0];
  if (!catalogue && !first) throw notFound('Product not found');
  return {
    product: catalogue
      ? { productId: catalogue.id, itemNumber: catalogue.item_number, description: catalogue.description }
      : { productId: first!.product_id, itemNumber: first!.item_number, description: first!.description },
    orders: rows.map((r) => ({
      orderNumber: r.order_number,
      orderId: r.order_id,
      createdAt: r.created_at,
      status: r.status,
      quantity: r.quantity,
      price: centsToDollars(r.unit_price_cents),
      lineTotal: centsToDollars(r.line_total_cents),
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function orderedProducts(
  db: DbOrTrx,
  buyer: BuyerContext,
  q: { page: number; limit: number; search?: string; sort?: OrderedItemsSortKey; dir?: SortDirection },
) {
  const { rows, total } = await listOrderedProducts(db, buyer.customerId, {
    sorting: resolveSorting<OrderedItemsSortKey>(DEFAULT_SORTS.orderedItems, q.sort, q.dir),
    search: q.search || undefined,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const terms = await loadBuyerTerms(db, buyer);
  const distributorBackorders = await distributorAllowsBackorders(db, buyer.distributorId);
  const priced = await loadPricedProducts(
    db,
    buyer,
    terms,
    rows.map((r) => r.productId),
  );
  return {
    products: rows.map((r) => {
      const row = priced.rows.get(r.productId);
      const current =
        row && row.is_active === 1 ? toCatalogProduct(row, priced.extras, buyer, terms, { distributorBackorders }) : null;
      return {
        productId: r.productId,
        itemNumber: current?.Item_Number ?? r.last.item_number,
        description: current?.Description ?? r.last.description,
        upc: current?.upc ?? r.last.upc,
        image: current?.image ?? imageOf({ show_distributor_image: 0, distributor_image_url: null, master_image_url: null }),
        lastOrderedAt: r.lastAt,
        lastOrderNumber: r.last.order_number,
        lastQuantity: r.last.qtyInLastOrder,
        totalQuantity: r.totalQty,
        orderCount: r.orderCount,
        price: current?.price,
        allowToOrder: current?.allowToOrder ?? false,
      };
    }),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function deliveryStatus(db: DbOrTrx, buyer: BuyerContext, orderNumber: string) {
  const order = await customerOrder(db, buyer, orderNumber);
  const history = await listStatusHistory(db, order.id);
  return {
    orderNumber: order.order_number,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    timeline: buildTimeline(
      order.status as OrderStatus,
      history.map((h) => ({ status: h.status, at: h.created_at })),
    ),
  };
}

/** GET /retailer/orderPdf: the order as an invoice (prices) or a pick copy (no prices). */
export async function orderPdf(
  db: DbOrTrx,
  buyer: BuyerContext,
  orderNumber: string,
  hasPrice: boolean,
  opts: { media: Pick<Config, 'media'>; compress?: boolean },
) {
  const { order, lines } = await orderWithAllLines(db, buyer, orderNumber);
  const [distributor, customer, timeZone] = await Promise.all([
    findDistributor(db, buyer.distributorId),
    findCustomerById(db, buyer.customerId),
    distributorTimeZone(db, buyer.distributorId),
  ]);
  if (!distributor || !customer) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const logo = await imageForPdf(opts.media, distributor.logo_url);
  return renderOrderPdf({ distributor, customer, order, lines, hasPrice, timeZone, logo, compress: opts.compress });
}

/** A customer's newest orders, for the office's store page (the customer is already checked by the caller). */
export async function recentOrdersOfCustomer(db: DbOrTrx, customerId: string, limit: number) {
  const { rows } = await listOrders(db, { customerId }, { sort: 'date', dir: 'desc' }, 0, limit);
  return rows.map((o) => ({
    orderNumber: o.order_number,
    status: o.status,
    totalCents: Number(o.total_cents),
    itemCount: Number(o.item_count),
    createdAt: o.created_at,
  }));
}

/** Of these customers, those that placed an order (not cancelled) at or after `since` (order reminders). */
export function customersWithOrdersSince(db: DbOrTrx, customerIds: readonly string[], since: string): Promise<Set<string>> {
  return customersOrderedSince(db, customerIds, since);
}

// The store's notes thread on an order, which the sales module serves to the rep for the working customer.
export { addStoreOrderNote, storeOrderNotes } from './order-details.service.ts';

// The dashboard's order sums (modules/dashboard): see order-stats.repository.ts.
export {
  missedOrderWindows,
  orderBuckets,
  orderStatusCounts,
  orderStoreTotals,
  productTotals,
  type StatsRange,
} from './order-stats.repository.ts';

/** A page of the distributor's orders placed in [from, before), for the accounting export (back office). */
export async function ordersForExport(
  db: DbOrTrx,
  q: { distributorId: string; from: string; before: string; after: { createdAt: string; id: string } | null; limit: number },
) {
  const rows = await ordersForExportPage(db, q);
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    createdAt: r.created_at,
    status: r.status,
    statusLabel: ORDER_STATUS_LABELS[r.status] ?? r.status,
    poNumber: r.po_number,
    itemCount: Number(r.item_count),
    subtotalCents: Number(r.subtotal_cents),
    taxCents: Number(r.tax_cents),
    crvCents: Number(r.crv_cents),
    deliveryChargeCents: Number(r.delivery_charge_cents),
    totalCents: Number(r.total_cents),
    customerNumber: r.c_number,
    customerName: r.company_name,
  }));
}

// The sales roll-ups (migration 0033, docs/admin-dashboard.md "Freshness"), read by the dashboard and
// the reports: see sales-summary.repository.ts.
export {
  applyOrderSales,
  missedOrderDays,
  salesPerDayStatus,
  salesPerProduct,
  salesPerStore,
  salesGrouped,
  salesPerProductInChunks,
  salesPerProductPage,
  type DayRange,
  type ProductSalesPage,
  type ProductSalesSort,
  type SalesGroupRow,
  type SalesGrouping,
} from './sales-summary.repository.ts';

/**
 * Makes sure the distributor's roll-ups exist and are cut in its time zone (rebuilding them from its
 * orders otherwise: once after the migration on a database seeded without them, and after the time
 * zone is changed in Settings). Returns the time zone.
 */
export async function freshSalesSummary(db: Db, distributorId: string): Promise<string> {
  const timeZone = await distributorTimeZone(db, distributorId);
  if ((await summaryTimeZone(db, distributorId, false)) === timeZone) return timeZone;
  await withWriteTransaction(db, (trx) => rebuildIfStale(trx, distributorId, timeZone, nowIso()));
  return timeZone;
}
