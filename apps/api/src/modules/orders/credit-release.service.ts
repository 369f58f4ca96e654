// The office's release of an order held over its store's credit limit (issue 18 §1,
// docs/credit-control.md): Orders · approve, a required reason, recorded in the audit log.
import { CREDIT_MESSAGES } from '@portal/shared/credit/credit';
import { ADMIN_ORDER_MESSAGES, type AdminOrderRow } from '@portal/shared/orders/admin-orders.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyOrderStatus } from '../notifications/notifications.service.ts';
import { findOrdersForMove, moveOrderStatus } from './admin-order-queue.repository.ts';
import { toQueueRow } from './admin-order-queue.service.ts';
import { applyOrderSales } from './sales-summary.repository.ts';
import { withWriteTransaction } from './write-transaction.ts';

/**
 * POST /admin/orders/:orderId/release: a held order moves on to placed, with the reason in its status
 * history and the audit log (action `released`), in one transaction; the store is told after the commit.
 * 404 for an order not this distributor's, 409 for one not on hold (released or cancelled meanwhile).
 */
export async function releaseHeldOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  reason: string,
): Promise<{ order: AdminOrderRow; message: string }> {
  const [order] = await findOrdersForMove(db, actor.distributorId, [orderId]);
  if (!order) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
  if (order.status !== 'on_hold') throw conflict(CREDIT_MESSAGES.notHeld(order.order_number));
  const moved = await withWriteTransaction(db, async (trx) => {
    // The sales roll-ups: out under on hold, back in under the status it has after.
    await applyOrderSales(trx, order.id, -1);
    const done = await moveOrderStatus(trx, {
      orderId: order.id,
      from: 'on_hold',
      to: 'placed',
      userId: actor.userId,
      note: reason,
      at: nowIso(),
    });
    await applyOrderSales(trx, order.id, 1);
    if (!done) return false;
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'order',
      entityId: order.id,
      action: 'released',
      actor: { userId: actor.userId, name: actor.name },
      before: { status: 'on_hold' },
      after: { status: 'placed', reason },
    });
    return true;
  });
  if (!moved) throw conflict(CREDIT_MESSAGES.notHeld(order.order_number));
  await notifyOrderStatus(db, {
    distributorId: actor.distributorId,
    customerId: order.customer_id,
    orderNumber: order.order_number,
    status: 'placed',
  });
  const [after] = await findOrdersForMove(db, actor.distributorId, [orderId]);
  return { order: toQueueRow(after!), message: CREDIT_MESSAGES.released(order.order_number) };
}
