// The office's view of one order (issue 15 §4): details with lines, totals, status history and the notes
// thread; the same PDF the store gets; and the notes between staff and the store, from both sides.
// Staff see only their distributor's orders, a store only its own: anything else is 404 `Order not found`.
import { centsToDollars } from '@portal/shared/money/money';
import { isEditable, type OrderDetails, type OrderNote } from '@portal/shared/orders/order-details.schemas';
import { buildTimeline, ORDER_STATUS_LABELS, type OrderStatus } from '@portal/shared/orders/order-status';
import { basisPointsToPercent } from '@portal/shared/pricing/pricing';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { BuyerContext } from '../../platform/buyer-context.ts';
import { nowIso } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { auditTrail } from '../audit/audit.service.ts';
import { priceProducts } from '../cart/cart.service.ts';
import { getInventory } from '../catalog/catalog.service.ts';
import { findCustomerById, findDistributor } from '../customers/customers.service.ts';
import { renderOrderPdf } from './order-pdf.ts';
import { distributorTimeZone } from '../settings/settings.service.ts';
import {
  findDistributorOrder,
  findUserName,
  insertOrderNote,
  listOrderNotes,
  listStatusHistoryWithAuthors,
} from './order-details.repository.ts';
import { findCustomerOrder, listOrderLines } from './orders.repository.ts';
import { ORDER_NOT_FOUND_MESSAGE } from './orders.service.ts';
import type { Config } from '../../config.ts';
import { imageForPdf } from '../media/media.service.ts';

/** The actor's distributor's order, or 404 exactly like an unknown id. */
export async function staffOrder(db: DbOrTrx, actor: Actor, orderId: string, opts: { lock?: boolean } = {}) {
  const order = await findDistributorOrder(db, actor.distributorId, orderId, opts);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

function toNote(n: Awaited<ReturnType<typeof listOrderNotes>>[number]): OrderNote {
  return { id: n.id, text: n.body, author: { name: n.author_name, side: n.author_side }, createdAt: n.created_at };
}

export async function getOrderDetails(db: DbOrTrx, actor: Actor, orderId: string): Promise<OrderDetails> {
  const order = await staffOrder(db, actor, orderId);
  const [{ rows: lines }, customer, history, notes, placedBy] = await Promise.all([
    listOrderLines(db, order.id, { offset: 0, limit: null }),
    findCustomerById(db, order.customer_id),
    listStatusHistoryWithAuthors(db, order.id),
    listOrderNotes(db, order.id),
    findUserName(db, order.placed_by_user_id),
  ]);
  if (!customer) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const status = order.status as OrderStatus;
  return {
    id: order.id,
    orderNumber: order.order_number,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    revision: Number(order.revision ?? 0),
    editable: isEditable(status),
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    poNumber: order.po_number,
    orderNote: order.notes,
    requestedDeliveryDate: order.requested_delivery_date,
    isWebOrder: Number(order.is_web_order) === 1,
    store: {
      id: customer.id,
      cNumber: customer.c_number,
      name: customer.company_name,
      contactName: customer.contact_name,
      phone: customer.phone,
      address: customer.address,
      city: customer.city,
      state: customer.state,
      route: customer.route_number,
      stop: customer.stop_number,
      salesRep: customer.sales_rep_name ?? null,
    },
    placedBy: { role: order.placed_by_role, name: placedBy },
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      productId: l.product_id,
      itemNumber: l.item_number,
      description: l.description,
      upc: l.upc,
      pack: Number(l.pack),
      uom: l.uom,
      quantity: l.quantity,
      price: centsToDollars(l.unit_price_cents),
      taxRate: basisPointsToPercent(l.tax_rate_bp),
      tax: centsToDollars(l.tax_cents),
      crv: centsToDollars(l.crv_cents),
      subtotal: centsToDollars(l.unit_price_cents * l.quantity),
      lineTotal: centsToDollars(l.line_total_cents),
    })),
    totals: {
      lines: lines.length,
      quantity: lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: centsToDollars(order.subtotal_cents),
      tax: centsToDollars(order.tax_cents),
      crv: centsToDollars(order.crv_cents),
      deliveryCharge: centsToDollars(order.delivery_charge_cents),
      total: centsToDollars(order.total_cents),
    },
    history: history.map((h) => ({
      status: h.status as OrderStatus,
      statusLabel: ORDER_STATUS_LABELS[h.status as OrderStatus],
      at: h.created_at,
      by: h.by_name ?? null,
      note: h.note,
    })),
    timeline: buildTimeline(
      status,
      history.map((h) => ({ status: h.status as OrderStatus, at: h.created_at })),
    ),
    noteThread: notes.map(toNote),
  };
}

/** GET /admin/orders/:orderId/pdf: the same document the store downloads. */
export async function staffOrderPdf(
  db: DbOrTrx,
  actor: Actor,
  orderId: string,
  hasPrice: boolean,
  opts: { media: Pick<Config, 'media'>; compress?: boolean },
) {
  const order = await staffOrder(db, actor, orderId);
  const [{ rows: lines }, distributor, customer, timeZone] = await Promise.all([
    listOrderLines(db, order.id, { offset: 0, limit: null }),
    findDistributor(db, actor.distributorId),
    findCustomerById(db, order.customer_id),
    distributorTimeZone(db, actor.distributorId),
  ]);
  if (!distributor || !customer) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const logo = await imageForPdf(opts.media, distributor.logo_url);
  return {
    orderNumber: order.order_number,
    pdf: await renderOrderPdf({ distributor, customer, order, lines, hasPrice, timeZone, logo, compress: opts.compress }),
  };
}

/** The store as a buyer (its prices, promotions and catalogue), with the staff user acting. */
export function storeAsBuyer(actor: Actor, customerId: string): BuyerContext {
  return {
    distributorId: actor.distributorId,
    customerId,
    userId: actor.userId,
    audience: 'retailer',
    placedByRole: 'distributor',
  };
}

const CHOICES_LIMIT = 20;

/**
 * Products to add to an order: the store's catalogue search (active products only), each with the store's
 * price today and the stock on hand read exactly, whatever the store's display flags hide.
 */
export async function orderProductChoices(db: DbOrTrx, actor: Actor, orderId: string, search: string | undefined) {
  const order = await staffOrder(db, actor, orderId);
  const buyer = storeAsBuyer(actor, order.customer_id);
  const found = await getInventory(db, buyer, {
    search: search || undefined,
    category: undefined,
    subCategory: undefined,
    brand: undefined,
    vendor: undefined,
    only: [],
    page: 1,
    limit: CHOICES_LIMIT,
  });
  const { lines } = await priceProducts(
    db,
    buyer,
    found.finalProductList.map((p) => ({ productId: p.id, quantity: 1 })),
  );
  return {
    products: found.finalProductList.flatMap((p) => {
      const line = lines.get(p.id);
      if (!line) return [];
      return [
        {
          productId: line.product.id,
          itemNumber: line.product.item_number,
          description: line.product.description,
          upc: line.upc,
          pack: Number(line.product.pack),
          uom: line.product.uom,
          price: centsToDollars(line.priced.unitPriceCents),
          stock: line.onHand,
        },
      ];
    }),
  };
}

/** GET /admin/orders/:orderId/audit: the order's History (edits and status changes recorded by the office). */
export async function staffOrderAudit(db: Db, actor: Actor, orderId: string, q: { page: number; limit: number }) {
  const order = await staffOrder(db, actor, orderId);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'order', entityId: order.id, ...q });
}

// ---- notes between staff and the store ----

export async function staffOrderNotes(db: DbOrTrx, actor: Actor, orderId: string) {
  const order = await staffOrder(db, actor, orderId);
  return { orderNumber: order.order_number, notes: (await listOrderNotes(db, order.id)).map(toNote) };
}

export async function addStaffOrderNote(db: DbOrTrx, actor: Actor, orderId: string, text: string) {
  const order = await staffOrder(db, actor, orderId);
  await insertOrderNote(db, {
    id: newId(),
    order_id: order.id,
    author_user_id: actor.userId,
    author_name: actor.name,
    author_side: 'staff',
    body: text,
    created_at: nowIso(),
  });
  return { orderNumber: order.order_number, notes: (await listOrderNotes(db, order.id)).map(toNote) };
}

async function storeOrder(db: DbOrTrx, buyer: BuyerContext, orderNumber: string) {
  const order = await findCustomerOrder(db, buyer.customerId, orderNumber);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

export async function storeOrderNotes(db: DbOrTrx, buyer: BuyerContext, orderNumber: string) {
  const order = await storeOrder(db, buyer, orderNumber);
  return { orderNumber: order.order_number, notes: (await listOrderNotes(db, order.id)).map(toNote) };
}

export async function addStoreOrderNote(db: DbOrTrx, buyer: BuyerContext, authorName: string, orderNumber: string, text: string) {
  const order = await storeOrder(db, buyer, orderNumber);
  await insertOrderNote(db, {
    id: newId(),
    order_id: order.id,
    author_user_id: buyer.userId,
    author_name: authorName,
    author_side: 'store',
    body: text,
    created_at: nowIso(),
  });
  return { orderNumber: order.order_number, notes: (await listOrderNotes(db, order.id)).map(toNote) };
}
