// Short picks (issue 18 §3): while an order is being picked, the office records per line what could be
// picked and why. In one write transaction the line's quantity and amounts are lowered (its unit price,
// tax rate and CRV per unit stay as ordered), the order's totals follow (the delivery charge stays as
// charged), the revision goes up, the difference is credited on the store's account, each short pick is
// stored and the change audited. Stock is not given back: the units were not on the shelf (docs/pick-lists.md).
// After the commit the store is told through a system notification.
import { formatMoney } from '@portal/shared/money/money';
import {
  EPICK_MESSAGES,
  SHORT_REASON_LABELS,
  type ShortPickRecord,
  type ShortReason,
  type shortPickBody,
} from '@portal/shared/epick/epick.schemas';
import type { OrderDetails } from '@portal/shared/orders/order-details.schemas';
import { priceLine } from '@portal/shared/pricing/pricing';
import type { z } from 'zod';
import { dialectOf, type Db, type DbOrTrx } from '../../db/database.ts';
import type { OrderShortPickTable } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyStore } from '../notifications/notifications.service.ts';
import { getOrderDetails, staffOrder } from './order-details.service.ts';
import {
  insertShortPicks,
  listShortPicks,
  postOrderAdjustment,
  updateOrderAfterEdit,
  updateOrderLineAmounts,
} from './order-details.repository.ts';
import { listOrderLines } from './orders.repository.ts';
import { applyOrderSales } from './sales-summary.repository.ts';
import { withWriteTransaction } from './write-transaction.ts';

type ShortPickInput = z.output<typeof shortPickBody>;

const lineText = (quantity: number, unitCents: number, totalCents: number) =>
  `${quantity} × ${formatMoney(unitCents)} = ${formatMoney(totalCents)}`;

export async function recordShortPicks(db: Db, actor: Actor, orderId: string, input: ShortPickInput): Promise<OrderDetails> {
  const seen = new Set<number>();
  for (const l of input.lines) {
    if (seen.has(l.lineNo)) throw badRequest(EPICK_MESSAGES.lineTwice, { lines: EPICK_MESSAGES.lineTwice });
    seen.add(l.lineNo);
  }
  const done = await withWriteTransaction(db, async (trx) => {
    const order = await staffOrder(trx, actor, orderId, { lock: dialectOf(trx) === 'postgres' });
    if (order.status !== 'picking')
      throw new AppError('ORDER_NOT_PICKING', EPICK_MESSAGES.notPicking, { status: 409, data: { status: order.status } });
    // The sales roll-ups: out as the order was, back in as it is after the short picks (before the commit).
    await applyOrderSales(trx, order.id, -1);
    const { rows: lines } = await listOrderLines(trx, order.id, { offset: 0, limit: null });
    const byNo = new Map(lines.map((l) => [Number(l.line_no), l]));
    for (const s of input.lines) {
      const line = byNo.get(s.lineNo);
      if (!line) throw badRequest(EPICK_MESSAGES.lineNotFound(s.lineNo), { lines: EPICK_MESSAGES.lineNotFound(s.lineNo) });
      if (s.pickedQuantity >= line.quantity) {
        const message = EPICK_MESSAGES.pickedTooMany(`${line.description} (${line.item_number})`, line.quantity);
        throw badRequest(message, { lines: message });
      }
    }

    const at = nowIso();
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const amounts = new Map(
      lines.map((l) => [l.id, { subtotal: l.unit_price_cents * l.quantity, tax: l.tax_cents, crv: l.crv_cents }]),
    );
    const records: OrderShortPickTable[] = [];
    for (const s of input.lines) {
      const line = byNo.get(s.lineNo)!;
      const crvPerUnit = line.quantity > 0 ? Math.round(line.crv_cents / line.quantity) : 0;
      const priced = priceLine({
        unitPriceCents: line.unit_price_cents,
        quantity: s.pickedQuantity,
        taxRateBp: line.tax_rate_bp,
        crvCents: crvPerUnit,
      });
      await updateOrderLineAmounts(trx, line.id, {
        quantity: priced.quantity,
        tax_cents: priced.taxCents,
        crv_cents: priced.crvCents,
        line_total_cents: priced.totalCents,
      });
      amounts.set(line.id, { subtotal: priced.subtotalCents, tax: priced.taxCents, crv: priced.crvCents });
      const key = `${line.description} (${line.item_number})`;
      before[key] = lineText(line.quantity, line.unit_price_cents, line.line_total_cents);
      after[key] =
        `${lineText(priced.quantity, priced.unitPriceCents, priced.totalCents)} (short ${line.quantity - priced.quantity}: ${SHORT_REASON_LABELS[s.reason]}${s.note ? `, ${s.note}` : ''})`;
      records.push({
        id: newId(),
        order_id: order.id,
        line_no: s.lineNo,
        product_id: line.product_id,
        item_number: line.item_number,
        description: line.description,
        ordered_quantity: line.quantity,
        picked_quantity: s.pickedQuantity,
        reason: s.reason,
        note: s.note ?? null,
        created_by_user_id: actor.userId,
        created_by_name: actor.name,
        created_at: at,
      });
    }
    let subtotal = 0;
    let tax = 0;
    let crv = 0;
    for (const a of amounts.values()) {
      subtotal += a.subtotal;
      tax += a.tax;
      crv += a.crv;
    }
    const delivery = Number(order.delivery_charge_cents);
    const total = subtotal + tax + crv + delivery;
    const revision = Number(order.revision ?? 0) + 1;
    await updateOrderAfterEdit(trx, order.id, {
      subtotal_cents: subtotal,
      tax_cents: tax,
      crv_cents: crv,
      delivery_charge_cents: delivery,
      total_cents: total,
      item_count: lines.length,
      updated_at: at,
      revision,
    });
    const difference = total - Number(order.total_cents);
    if (difference !== 0)
      await postOrderAdjustment(trx, {
        customerId: order.customer_id,
        orderId: order.id,
        reference: order.order_number,
        amountCents: difference,
        note: `Order ${order.order_number} short pick (revision ${revision})`,
        at,
      });
    await insertShortPicks(trx, records);
    await applyOrderSales(trx, order.id, 1);
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'order',
      entityId: order.id,
      action: 'short picked',
      actor: { userId: actor.userId, name: actor.name },
      before: {
        ...before,
        subtotalCents: Number(order.subtotal_cents),
        taxCents: Number(order.tax_cents),
        crvCents: Number(order.crv_cents),
        totalCents: Number(order.total_cents),
        revision: revision - 1,
      },
      after: { ...after, subtotalCents: subtotal, taxCents: tax, crvCents: crv, totalCents: total, revision },
    });
    return { order, records, total };
  });

  // The store hears of it once the change is committed (a failure to notify is logged, not an error).
  const { order, records, total } = done;
  const short = records
    .map(
      (r) =>
        `${r.description} (${r.item_number}): ${r.picked_quantity} of ${r.ordered_quantity} (${SHORT_REASON_LABELS[r.reason as ShortReason]})`,
    )
    .join('; ');
  const count = records.length;
  await notifyStore(db, {
    distributorId: actor.distributorId,
    customerId: order.customer_id,
    kind: 'orderStatus',
    title: `Order ${order.order_number}: ${count === 1 ? '1 item' : `${count} items`} short`.slice(0, 120),
    body: `${short}. New total ${formatMoney(total)}.`.slice(0, 1000),
    url: `/retailer/order/details/${encodeURIComponent(order.order_number)}`,
  });
  return getOrderDetails(db, actor, order.id);
}

/** GET /admin/orders/:orderId/short-picks: the order's short picks, oldest first. */
export async function orderShortPicks(db: DbOrTrx, actor: Actor, orderId: string): Promise<ShortPickRecord[]> {
  const order = await staffOrder(db, actor, orderId);
  return (await listShortPicks(db, order.id)).map((r) => ({
    id: r.id,
    lineNo: Number(r.line_no),
    itemNumber: r.item_number,
    description: r.description,
    orderedQuantity: Number(r.ordered_quantity),
    pickedQuantity: Number(r.picked_quantity),
    reason: r.reason as ShortReason,
    reasonLabel: SHORT_REASON_LABELS[r.reason as ShortReason] ?? r.reason,
    note: r.note,
    by: r.created_by_name,
    at: r.created_at,
  }));
}
