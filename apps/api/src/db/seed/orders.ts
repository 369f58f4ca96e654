// Order history: orders with their lines (prices snapshotted at the customer's level, priced by
// the same shared rules as live orders), the status timeline, and the receivables ledger: like a
// live order, each order is invoiced when placed (reference = order number); a cancellation is
// reversed by a credit; stores pay delivered orders by their habit; the odd damage credit. Orders are generated day by day in time order and streamed to the database
// in chunks, so 200,000 orders never sit in memory at once. Order numbers follow time.
import type { Trx } from '../database.ts';
import type { OrderTable } from '../schema.ts';
import { deliveryChargeCents, type DeliveryChargeSetting } from '@portal/shared/pricing/delivery-charge';
import { levelPriceCents, priceLine } from '@portal/shared/pricing/pricing';
import { discountedUnitPriceCents } from '@portal/shared/pricing/promotions';
import { bulkInserter } from './bulk-insert.ts';
import type { CatalogProduct } from './catalog.ts';
import type { SeedCustomer } from './customers.ts';
import { createRng, type Rng } from './prng.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const HISTORY_DAYS = 182;

export interface ForcedOrder {
  customerId: string;
  /** How long before now it was placed. */
  ageMinutes: number;
}

export interface OrderHistoryInput {
  trx: Trx;
  distributorId: string;
  customers: readonly SeedCustomer[];
  products: readonly CatalogProduct[];
  orders: number;
  now: Date;
  firstOrderNumber: number;
  /** The login of each rep, for orders a rep placed. */
  repUserIds: ReadonlyMap<string, string>;
  /** Office user who confirms orders. */
  officeUserId: string;
  delivery: DeliveryChargeSetting;
  /** Orders placed at fixed times before now (so the demo accounts have some still in progress). */
  forced: readonly ForcedOrder[];
}

export interface OrderHistoryResult {
  orders: number;
  lines: number;
  statusRows: number;
  ledgerEntries: number;
  lastOrderNumber: number;
}

type Status = OrderTable['status'];

interface DraftLine {
  product: CatalogProduct;
  quantity: number;
}

interface DraftOrder {
  customer: SeedCustomer;
  at: number;
}

/** Unit price at a price level after the best quantity-discount tier the quantity reaches (history has no promotions). */
export function unitPriceCents(product: CatalogProduct, priceLevel: number, quantity: number): number {
  const prices = [
    product.price1_cents,
    product.price2_cents,
    product.price3_cents,
    product.price4_cents,
    product.price5_cents,
  ] as const;
  return discountedUnitPriceCents({
    levelPriceCents: levelPriceCents(prices, priceLevel),
    promotionDiscountCents: 0,
    tiers: product.qtyDiscounts,
    quantity,
  });
}

const QUANTITY_WEIGHTS = [0, 35, 25, 14, 10, 5, 5, 0, 3, 0, 2, 0, 1];

export async function generateOrderHistory(input: OrderHistoryInput): Promise<OrderHistoryResult> {
  const { trx, now, customers } = input;
  const rng = createRng('orders');
  const nowMs = now.getTime();

  const orderable = input.products.filter((p) => p.is_active === 1 && p.allow_to_order === 1 && p.allow_to_order_sales === 1);
  if (orderable.length === 0 || customers.length === 0 || input.orders <= 0) {
    return { orders: 0, lines: 0, statusRows: 0, ledgerEntries: 0, lastOrderNumber: input.firstOrderNumber - 1 };
  }
  // Some products sell far more than others: picks are skewed towards the front of this order.
  const popularity = createRng('popularity').shuffle(orderable);
  const popularPick = (r: Rng): CatalogProduct => popularity[Math.floor(popularity.length * Math.pow(r.next(), 2.5))]!;
  const favorites = new Map<string, CatalogProduct[]>();
  const favoritesOf = (c: SeedCustomer): CatalogProduct[] => {
    let list = favorites.get(c.id);
    if (!list) {
      const r = createRng(`favorites-${c.id}`);
      const set = new Set<CatalogProduct>();
      const size = Math.min(orderable.length, r.int(25, 70));
      for (let tries = 0; set.size < size && tries < size * 20; tries++) set.add(popularPick(r));
      list = [...set];
      favorites.set(c.id, list);
    }
    return list;
  };

  const ordersW = bulkInserter(trx, 'orders', [
    'id',
    'order_number',
    'distributor_id',
    'customer_id',
    'placed_by_user_id',
    'placed_by_role',
    'status',
    'notes',
    'po_number',
    'requested_delivery_date',
    'subtotal_cents',
    'tax_cents',
    'crv_cents',
    'delivery_charge_cents',
    'total_cents',
    'item_count',
    'is_web_order',
    'idempotency_key',
    'created_at',
    'updated_at',
  ]);
  const linesW = bulkInserter(trx, 'order_lines', [
    'id',
    'order_id',
    'line_no',
    'product_id',
    'item_number',
    'description',
    'upc',
    'pack',
    'uom',
    'quantity',
    'unit_price_cents',
    'tax_rate_bp',
    'tax_cents',
    'crv_cents',
    'line_total_cents',
  ]);
  const statusW = bulkInserter(trx, 'order_status_history', [
    'id',
    'order_id',
    'status',
    'note',
    'created_by_user_id',
    'created_at',
  ]);
  const ledgerW = bulkInserter(trx, 'receivable_entries', [
    'id',
    'customer_id',
    'kind',
    'order_id',
    'reference',
    'amount_cents',
    'note',
    'created_at',
  ]);
  const children = [linesW, statusW, ledgerW];
  // Children reference their order: whenever one has a chunk to write, every order goes first.
  const drain = async (): Promise<void> => {
    if (children.some((w) => w.hasFullChunk)) await ordersW.finish();
    else await ordersW.drain();
    for (const w of children) await w.drain();
  };

  // Customers are likelier to order on their order day; weights per weekday code 1..7.
  const weekdayCumulative: Float64Array[] = [];
  for (let w = 1; w <= 7; w++) {
    const cum = new Float64Array(customers.length);
    let sum = 0;
    customers.forEach((c, i) => {
      const dayFactor = c.orderDay === w ? 4 : c.orderDay === 0 || c.orderDay === 8 ? 1 : 0.35;
      sum += c.weight * dayFactor;
      cum[i] = sum;
    });
    weekdayCumulative[w] = cum;
  }
  const pickCustomer = (weekday: number): SeedCustomer => {
    const cum = weekdayCumulative[weekday]!;
    const target = rng.next() * cum[cum.length - 1]!;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return customers[lo]!;
  };

  let orderNumber = input.firstOrderNumber - 1;
  let ledgerSeq = 0;
  let orderCount = 0;
  let checkNumber = 4100;

  const writeOrder = (draft: DraftOrder): void => {
    const c = draft.customer;
    orderNumber++;
    orderCount++;
    const number = String(orderNumber);
    const orderId = `ord-${number}`;
    const repUser = c.repId ? input.repUserIds.get(c.repId) : undefined;
    const bySales = repUser !== undefined && rng.chance(0.4);
    const placedBy = bySales ? repUser : c.userId;

    // Lines: mostly the store's usual products, some from the wider catalogue.
    const lineCount = Math.min(orderable.length, rng.int(c.lines[0], c.lines[1]));
    const favs = favoritesOf(c);
    const chosen = new Set<CatalogProduct>();
    for (let tries = 0; chosen.size < lineCount && tries < lineCount * 10; tries++) {
      chosen.add(rng.chance(0.8) ? rng.pick(favs) : popularPick(rng));
    }
    const lines: DraftLine[] = [...chosen].map((product) => {
      let quantity = 1;
      let r = rng.next() * 100;
      for (let q = 1; q < QUANTITY_WEIGHTS.length; q++) {
        r -= QUANTITY_WEIGHTS[q]!;
        if (r < 0) {
          quantity = q;
          break;
        }
      }
      if (product.product_limit) quantity = Math.min(quantity, product.product_limit);
      return { product, quantity };
    });
    // The store's item limit caps the total quantity of an order.
    if (c.itemLimitQty) {
      let total = lines.reduce((s, l) => s + l.quantity, 0);
      while (total > c.itemLimitQty && lines.length > 1) total -= lines.pop()!.quantity;
    }
    // Every order met the store's minimum when it was placed.
    if (c.minOrderCents) {
      const subtotal = (): number =>
        lines.reduce((s, l) => s + unitPriceCents(l.product, c.priceLevel, l.quantity) * l.quantity, 0);
      for (let i = 0; subtotal() < c.minOrderCents && i < 60; i++) {
        const line = lines[i % lines.length]!;
        const total = lines.reduce((s, l) => s + l.quantity, 0);
        if (
          (!line.product.product_limit || line.quantity < line.product.product_limit) &&
          (!c.itemLimitQty || total < c.itemLimitQty)
        )
          line.quantity++;
      }
    }

    let subtotal = 0;
    let tax = 0;
    let crv = 0;
    lines.forEach((line, i) => {
      const p = line.product;
      const priced = priceLine({
        unitPriceCents: unitPriceCents(p, c.priceLevel, line.quantity),
        quantity: line.quantity,
        taxRateBp: p.tax_rate_bp,
        crvCents: p.crv_cents,
      });
      subtotal += priced.subtotalCents;
      tax += priced.taxCents;
      crv += priced.crvCents;
      linesW.add([
        `ol-${number}-${i + 1}`,
        orderId,
        i + 1,
        p.id,
        p.item_number,
        p.description,
        p.upcs[0] ?? null,
        p.pack,
        p.uom,
        priced.quantity,
        priced.unitPriceCents,
        p.tax_rate_bp,
        priced.taxCents,
        priced.crvCents,
        priced.totalCents,
      ]);
    });
    const delivery = deliveryChargeCents(input.delivery, subtotal);
    const total = subtotal + tax + crv + delivery;

    // The status timeline, cut at now: recent orders are still on their way.
    const at = draft.at;
    const steps: { status: Status; at: number; by: string | null; note: string | null }[] = [
      { status: 'placed', at, by: placedBy, note: null },
    ];
    const confirmedAt = at + rng.int(20, 120) * MINUTE;
    if (rng.chance(0.03)) {
      if (rng.chance(0.5)) steps.push({ status: 'confirmed', at: confirmedAt, by: input.officeUserId, note: null });
      steps.push({
        status: 'cancelled',
        at: confirmedAt + rng.int(10, 240) * MINUTE,
        by: rng.chance(0.5) ? placedBy : input.officeUserId,
        note: rng.pick(['Cancelled at the customer’s request', 'Duplicate order', 'Store closed for remodel on delivery day']),
      });
    } else {
      const outAt = at + rng.int(20 * 60, 26 * 60) * MINUTE;
      steps.push({ status: 'confirmed', at: confirmedAt, by: input.officeUserId, note: null });
      steps.push({ status: 'picking', at: at + rng.int(10 * 60, 18 * 60) * MINUTE, by: null, note: null });
      steps.push({ status: 'out_for_delivery', at: outAt, by: null, note: null });
      steps.push({ status: 'delivered', at: outAt + rng.int(2 * 60, 7 * 60) * MINUTE, by: null, note: null });
    }
    const reached = steps.filter((s) => s.at <= nowMs);
    const last = reached[reached.length - 1]!;
    reached.forEach((s, k) =>
      statusW.add([`osh-${number}-${k + 1}`, orderId, s.status, s.note, s.by, new Date(s.at).toISOString()]),
    );

    const createdIso = new Date(at).toISOString();
    ordersW.add([
      orderId,
      number,
      input.distributorId,
      c.id,
      placedBy,
      bySales ? 'sales' : 'retailer',
      last.status,
      rng.chance(0.08)
        ? rng.pick(['Please deliver before noon', 'Back door delivery', 'Call on arrival', 'Leave with the cashier'])
        : null,
      rng.chance(0.15) ? `PO-${c.cNumber}-${String(orderCount).padStart(5, '0')}` : null,
      rng.chance(0.3) ? new Date(at + DAY).toISOString().slice(0, 10) : null,
      subtotal,
      tax,
      crv,
      delivery,
      total,
      lines.length,
      bySales ? (rng.chance(0.8) ? 1 : 0) : 1,
      null,
      createdIso,
      new Date(last.at).toISOString(),
    ]);

    // Receivables, as live orders post them: the invoice when placed, reversed if cancelled;
    // delivered orders are paid by the store's habit unless that is still ahead.
    const ledger = (kind: string, reference: string, amount: number, note: string | null, when: number) =>
      ledgerW.add([
        `ar-${String(++ledgerSeq).padStart(7, '0')}`,
        c.id,
        kind,
        orderId,
        reference,
        amount,
        note,
        new Date(when).toISOString(),
      ]);
    ledger('invoice', number, total, null, at);
    if (last.status === 'cancelled') {
      ledger('credit', `CN-${number}`, -total, 'Order cancelled', last.at);
      return;
    }
    if (last.status !== 'delivered') return;
    if (rng.chance(0.015)) {
      const line = lines[rng.int(0, lines.length - 1)]!;
      const credit = unitPriceCents(line.product, c.priceLevel, line.quantity);
      const creditAt = last.at + rng.int(1, 3) * DAY;
      if (creditAt <= nowMs)
        ledger('credit', `CM-${number}`, -credit, `Damaged on delivery: ${line.product.description}`, creditAt);
    }
    if (rng.chance(c.skipRate)) return;
    const paidAt = c.payMethod === 'cod' ? last.at + 5 * MINUTE : last.at + (c.payDelayDays + rng.int(-2, 3)) * DAY;
    if (paidAt > nowMs) return;
    const reference =
      c.payMethod === 'check' ? `CHK ${++checkNumber}` : c.payMethod === 'ach' ? `ACH ${number}` : `COD ${number}`;
    const note =
      c.payMethod === 'check' ? 'Check received' : c.payMethod === 'ach' ? 'ACH transfer' : 'Paid to driver on delivery';
    ledger('payment', reference, -total, note, paidAt);
  };

  // Spread the history over the last HISTORY_DAYS full days: fewer orders on Saturdays, few on Sundays.
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const forced = input.forced.slice(0, input.orders);
  const historyCount = input.orders - forced.length;
  const dayFactor = (weekday: number): number => (weekday === 7 ? 0.25 : weekday === 6 ? 0.7 : 1);
  const days = Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const start = todayStart - (HISTORY_DAYS - i) * DAY;
    const weekday = new Date(start).getUTCDay() || 7;
    return { start, weekday };
  });
  days.push({ start: todayStart, weekday: now.getUTCDay() || 7 });
  const totalFactor = days.slice(0, HISTORY_DAYS).reduce((s, d) => s + dayFactor(d.weekday), 0);

  const businessDayStart = (day: { start: number }): number => day.start + 14 * HOUR;

  let cumulative = 0;
  let assigned = 0;
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    let count = 0;
    if (i < HISTORY_DAYS) {
      cumulative += dayFactor(day.weekday);
      const target = Math.round((historyCount * cumulative) / totalFactor);
      count = target - assigned;
      assigned = target;
    }
    // Stores order during business hours in California (about 14:00 to 01:00 UTC), never after now.
    const from = businessDayStart(day);
    const to = Math.min(day.start + 25 * HOUR, nowMs - 5 * MINUTE);
    // A business day runs past midnight UTC, so the orders that must exist (`forced`) go to the business
    // day they fall in, not the calendar day: numbers then follow time across days too (an order placed
    // at 00:30 UTC comes after the evening before).
    const nextFrom = i + 1 < days.length ? businessDayStart(days[i + 1]!) : nowMs + 1;
    const drafts: DraftOrder[] = [];
    for (let k = 0; k < count; k++)
      drafts.push({ customer: pickCustomer(day.weekday), at: from + Math.floor(rng.next() * Math.max(1, to - from)) });
    for (const f of forced) {
      const at = nowMs - f.ageMinutes * MINUTE;
      const customer = customers.find((c) => c.id === f.customerId);
      if (customer && at >= from && at < nextFrom) drafts.push({ customer, at });
    }
    drafts.sort((a, b) => a.at - b.at);
    for (const d of drafts) writeOrder(d);
    await drain();
  }
  await ordersW.finish();
  for (const w of children) await w.finish();

  return {
    orders: ordersW.count,
    lines: linesW.count,
    statusRows: statusW.count,
    ledgerEntries: ledgerW.count,
    lastOrderNumber: orderNumber,
  };
}
