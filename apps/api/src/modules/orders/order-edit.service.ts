// Editing an order before picking (issue 15 §4): quantities changed, lines removed (absent or 0) or
// added, prices kept as ordered (new lines at the store's price today) or all re-priced today; stock
// moved by the difference, totals computed by the same rules as placing an order (cart.service's
// pricing, the shared line and total rules, the distributor's delivery charge), the revision raised,
// the change of total posted to the store's account, and the edit recorded with before/after — all in
// one write transaction, so a refusal (a product short of stock, among others) changes nothing.
import { formatMoney } from '@portal/shared/money/money';
import {
  isEditable,
  ORDER_DETAILS_MESSAGES,
  type OrderDetails,
  type OrderPricingChoice,
} from '@portal/shared/orders/order-details.schemas';
import type { OrderStatus } from '@portal/shared/orders/order-status';
import { priceLine, sumLines, type PricedLine } from '@portal/shared/pricing/pricing';
import { dialectOf, type Db } from '../../db/database.ts';
import type { OrderLineTable } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deliveryChargeFor, priceProducts, type PricedCartLine } from '../cart/cart.service.ts';
import { catalogFresh, distributorAllowsBackorders } from '../catalog/catalog.service.ts';
import { getOrderDetails, staffOrder, storeAsBuyer } from './order-details.service.ts';
import {
  lockProducts,
  postOrderAdjustment,
  replaceOrderLines,
  returnStock,
  updateOrderAfterEdit,
} from './order-details.repository.ts';
import { listOrderLines, stockOfProducts, takeStockForLines } from './orders.repository.ts';
import { withWriteTransaction } from './write-transaction.ts';
import { applyOrderSales } from './sales-summary.repository.ts';

export interface EditOrderInput {
  lines: readonly { productId: string; quantity: number }[];
  pricing: OrderPricingChoice;
}

type ExistingLine = Awaited<ReturnType<typeof listOrderLines>>['rows'][number];

interface NewLine {
  productId: string;
  itemNumber: string;
  description: string;
  upc: string | null;
  pack: number;
  uom: string;
  taxRateBp: number;
  priced: PricedLine;
}

/** A line as the audit shows it: "6 × $2.50 = $16.24". */
function auditLine(quantity: number, unitCents: number, totalCents: number): string {
  return `${quantity} × ${formatMoney(unitCents)} = ${formatMoney(totalCents)}`;
}

function auditSnapshot(
  lines: readonly { itemNumber: string; description: string; quantity: number; unitCents: number; totalCents: number }[],
  totals: { subtotal: number; tax: number; crv: number; delivery: number; total: number },
  revision: number,
  keys: readonly string[],
): Record<string, unknown> {
  const byKey = new Map(lines.map((l) => [`${l.description} (${l.itemNumber})`, l]));
  const out: Record<string, unknown> = {};
  // Every product of either side, so a removed or added line shows as "— → …" in the trail.
  for (const key of keys) {
    const l = byKey.get(key);
    out[key] = l ? auditLine(l.quantity, l.unitCents, l.totalCents) : null;
  }
  return {
    ...out,
    lineCount: lines.length,
    subtotalCents: totals.subtotal,
    taxCents: totals.tax,
    crvCents: totals.crv,
    deliveryChargeCents: totals.delivery,
    totalCents: totals.total,
    revision,
  };
}

export async function editOrderLines(db: Db, actor: Actor, orderId: string, input: EditOrderInput): Promise<OrderDetails> {
  const seen = new Set<string>();
  for (const l of input.lines) {
    if (seen.has(l.productId))
      throw badRequest(ORDER_DETAILS_MESSAGES.duplicateProduct, { lines: ORDER_DETAILS_MESSAGES.duplicateProduct });
    seen.add(l.productId);
  }
  const wanted = input.lines.filter((l) => l.quantity > 0);
  if (wanted.length === 0) throw badRequest(ORDER_DETAILS_MESSAGES.emptyOrder, { lines: ORDER_DETAILS_MESSAGES.emptyOrder });
  // The catalogue is brought up to date before the transaction, which then reads it as it is (as placeOrder).
  await catalogFresh(db, actor.distributorId);

  return withWriteTransaction(db, async (trx) => {
    const order = await staffOrder(trx, actor, orderId, { lock: dialectOf(trx) === 'postgres' });
    const status = order.status as OrderStatus;
    if (!isEditable(status))
      throw new AppError('ORDER_NOT_EDITABLE', ORDER_DETAILS_MESSAGES.notEditable(status), { status: 409 });

    const { rows: existing } = await listOrderLines(trx, order.id, { offset: 0, limit: null });
    const existingBy = new Map<string, ExistingLine>();
    for (const l of existing) if (!existingBy.has(l.product_id)) existingBy.set(l.product_id, l);
    const oldQty = new Map<string, number>();
    for (const l of existing) oldQty.set(l.product_id, (oldQty.get(l.product_id) ?? 0) + l.quantity);

    // Prices today for the store: every line when re-pricing, otherwise only the lines added.
    const buyer = storeAsBuyer(actor, order.customer_id);
    const toPrice = input.pricing === 'current' ? wanted : wanted.filter((l) => !existingBy.has(l.productId));
    const current = toPrice.length > 0 ? (await priceProducts(trx, buyer, toPrice)).lines : new Map<string, PricedCartLine>();
    for (const l of toPrice) {
      const p = current.get(l.productId);
      if (!p)
        throw badRequest(ORDER_DETAILS_MESSAGES.productNotFound(l.productId), {
          lines: ORDER_DETAILS_MESSAGES.productNotFound(l.productId),
        });
      if (p.product.is_active !== 1) {
        const message = `${p.product.description} (${p.product.item_number}) is no longer sold: remove it or keep the prices as ordered.`;
        throw new AppError('PRODUCT_INACTIVE', message, { status: 409, data: { productId: p.product.id } });
      }
    }

    // Lines already on the order keep their place; added ones follow in the order given.
    const ordered = [
      ...existing.filter((l) => existingBy.get(l.product_id) === l && wanted.some((w) => w.productId === l.product_id)),
    ].map((l) => l.product_id);
    for (const w of wanted) if (!existingBy.has(w.productId)) ordered.push(w.productId);
    const quantityOf = new Map(wanted.map((w) => [w.productId, w.quantity]));
    const next: NewLine[] = ordered.map((productId) => {
      const quantity = quantityOf.get(productId)!;
      const ex = existingBy.get(productId);
      const today = current.get(productId);
      if (today) {
        return {
          productId,
          itemNumber: today.product.item_number,
          description: today.product.description,
          upc: today.upc,
          pack: today.product.pack,
          uom: today.product.uom,
          taxRateBp: today.taxRateBp,
          priced: today.priced,
        };
      }
      // As ordered: the unit price, tax rate and CRV per unit the order was placed with.
      const crvPerUnit = ex!.quantity > 0 ? Math.round(ex!.crv_cents / ex!.quantity) : 0;
      return {
        productId,
        itemNumber: ex!.item_number,
        description: ex!.description,
        upc: ex!.upc,
        pack: ex!.pack,
        uom: ex!.uom,
        taxRateBp: ex!.tax_rate_bp,
        priced: priceLine({ unitPriceCents: ex!.unit_price_cents, quantity, taxRateBp: ex!.tax_rate_bp, crvCents: crvPerUnit }),
      };
    });

    const unchanged =
      next.length === existing.length &&
      next.every((n, i) => {
        const e = existing[i]!;
        return (
          e.product_id === n.productId &&
          e.quantity === n.priced.quantity &&
          e.unit_price_cents === n.priced.unitPriceCents &&
          e.line_total_cents === n.priced.totalCents
        );
      });
    if (unchanged) throw badRequest(ORDER_DETAILS_MESSAGES.noChange);

    // Stock: what was lowered or removed goes back first, then the increases are taken in one
    // conditional statement (never below zero unless back-orderable); a refusal rolls both back.
    const deltas = new Map<string, number>();
    for (const [id, q] of oldQty) deltas.set(id, -q);
    for (const n of next) deltas.set(n.productId, (deltas.get(n.productId) ?? 0) + n.priced.quantity);
    const gives = [...deltas].filter(([, d]) => d < 0).map(([productId, d]) => ({ productId, quantity: -d }));
    const takes = [...deltas].filter(([, d]) => d > 0).map(([productId, d]) => ({ productId, quantity: d }));
    if (dialectOf(trx) === 'postgres')
      await lockProducts(
        trx,
        [...deltas.keys()].filter((id) => deltas.get(id) !== 0),
      );
    await returnStock(trx, gives);
    const taken = await takeStockForLines(trx, takes, {
      dialect: dialectOf(trx),
      backOrdersAllowed: await distributorAllowsBackorders(trx, actor.distributorId),
    });
    const short = takes.filter((t) => !taken.has(t.productId));
    if (short.length > 0) {
      const left = await stockOfProducts(
        trx,
        short.map((s) => s.productId),
      );
      const problems = short.map((s) => {
        const line = next.find((n) => n.productId === s.productId)!;
        return {
          productId: s.productId,
          itemNumber: line.itemNumber,
          description: line.description,
          needed: s.quantity,
          available: Math.max(0, left.get(s.productId) ?? 0),
        };
      });
      const message = problems
        .map((p) =>
          p.available > 0
            ? `Only ${p.available} more of ${p.description} (${p.itemNumber}) in stock; this change needs ${p.needed}.`
            : `${p.description} (${p.itemNumber}) is out of stock; this change needs ${p.needed} more.`,
        )
        .join(' ');
      throw new AppError('INSUFFICIENT_STOCK', message, { status: 409, data: { problems } });
    }

    const totals = sumLines(next.map((n) => n.priced));
    const delivery = await deliveryChargeFor(trx, buyer, totals.subtotalCents);
    const totalCents = totals.totalCents + delivery;
    const revision = Number(order.revision ?? 0) + 1;
    const at = nowIso();
    const rows: OrderLineTable[] = next.map((n, i) => ({
      id: newId(),
      order_id: order.id,
      line_no: i + 1,
      product_id: n.productId,
      item_number: n.itemNumber,
      description: n.description,
      upc: n.upc,
      pack: n.pack,
      uom: n.uom,
      quantity: n.priced.quantity,
      unit_price_cents: n.priced.unitPriceCents,
      tax_rate_bp: n.taxRateBp,
      tax_cents: n.priced.taxCents,
      crv_cents: n.priced.crvCents,
      line_total_cents: n.priced.totalCents,
    }));
    await applyOrderSales(trx, order.id, -1); // the roll-ups: out as it was, back in as it is
    await replaceOrderLines(trx, order.id, rows);
    await updateOrderAfterEdit(trx, order.id, {
      subtotal_cents: totals.subtotalCents,
      tax_cents: totals.taxCents,
      crv_cents: totals.crvCents,
      delivery_charge_cents: delivery,
      total_cents: totalCents,
      item_count: rows.length,
      updated_at: at,
      revision,
    });
    await applyOrderSales(trx, order.id, 1);
    const difference = totalCents - Number(order.total_cents);
    if (difference !== 0)
      await postOrderAdjustment(trx, {
        customerId: order.customer_id,
        orderId: order.id,
        reference: order.order_number,
        amountCents: difference,
        note: `Order ${order.order_number} revision ${revision}`,
        at,
      });

    const keys = [
      ...new Set([
        ...existing.map((l) => `${l.description} (${l.item_number})`),
        ...next.map((n) => `${n.description} (${n.itemNumber})`),
      ]),
    ];
    const before = auditSnapshot(
      existing.map((l) => ({
        itemNumber: l.item_number,
        description: l.description,
        quantity: l.quantity,
        unitCents: l.unit_price_cents,
        totalCents: l.line_total_cents,
      })),
      {
        subtotal: Number(order.subtotal_cents),
        tax: Number(order.tax_cents),
        crv: Number(order.crv_cents),
        delivery: Number(order.delivery_charge_cents),
        total: Number(order.total_cents),
      },
      revision - 1,
      keys,
    );
    const after = auditSnapshot(
      next.map((n) => ({
        itemNumber: n.itemNumber,
        description: n.description,
        quantity: n.priced.quantity,
        unitCents: n.priced.unitPriceCents,
        totalCents: n.priced.totalCents,
      })),
      { subtotal: totals.subtotalCents, tax: totals.taxCents, crv: totals.crvCents, delivery, total: totalCents },
      revision,
      keys,
    );
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'order',
      entityId: order.id,
      action: input.pricing === 'current' ? 'edited (re-priced)' : 'edited',
      actor: { userId: actor.userId, name: actor.name },
      before,
      after,
    });
    return getOrderDetails(trx, actor, order.id);
  });
}
