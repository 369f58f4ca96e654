// The office's order work queue: one distributor's orders (another distributor's order is 404), its
// staff users' saved views with their counts, status moves one at a time or in bulk, and one PDF of
// many orders. A bulk move is checked first (the shared canMove rule), then applied order by order,
// each in its own write transaction: an order that cannot move is reported, never hidden, and never
// stops the others. Each move writes the order's status history (who, when: the store's and the rep's
// orderDeliveryStatus read it) and the audit log; a cancellation puts the stock back and credits the
// invoice posted at placement, in the same transaction.
import { resolveSorting } from '@portal/shared/api/sort';
import {
  ADMIN_ORDER_DEFAULT_SORT,
  ADMIN_ORDER_MESSAGES,
  adminOrderFilters,
  type AdminOrderFilters,
  type AdminOrderList,
  type adminOrderListQuery,
  type AdminOrderRow,
  type bulkPdfBody,
  type BulkStatusResult,
  type FilterChoices,
  type SavedView,
  type SavedViewCounts,
  type SavedViewFilters,
  SAVED_VIEWS_PER_USER_MAX,
  type StatusMoveResult,
} from '@portal/shared/orders/admin-orders.schemas';
import {
  bulkSummary,
  moveRefusal,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type TargetStatus,
} from '@portal/shared/orders/order-status';
import type { z } from 'zod';
import { dialectOf, type Db, type DbOrTrx } from '../../db/database.ts';
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { productIdsContaining } from '../catalog/catalog.service.ts';
import { findCustomerById, findDistributor } from '../customers/customers.service.ts';
import { notifyOrderStatus } from '../notifications/notifications.service.ts';
import {
  countQueue,
  countViews,
  currentStatus,
  deleteView,
  filterChoices,
  findFullOrders,
  findOrdersForMove,
  findView,
  findViewByName,
  insertView,
  listQueue,
  listViews,
  MATCH_LIST_MAX,
  moveOrderStatus,
  postCancellationCredit,
  returnStockOfOrder,
  updateView,
  type QueueFilter,
  type QueueRow,
} from './admin-order-queue.repository.ts';
import { renderOrdersPdf } from './order-pdf.ts';
import { distributorTimeZone } from '../settings/settings.service.ts';
import { listOrderLines } from './orders.repository.ts';
import { dateRange } from './orders.service.ts';
import { withWriteTransaction } from './write-transaction.ts';
import type { Config } from '../../config.ts';
import { imageForPdf } from '../media/media.service.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import { applyOrderSales, moveOrderSalesStatus } from './sales-summary.repository.ts';

/**
 * How many single-order moves run at once. PostgreSQL: 25, each waits for the server. SQLite: 4 —
 * queries there run synchronously and the moves sent together share one group commit that holds the
 * event loop until it commits (about 8 ms a move with its roll-ups, audit, webhook and notification),
 * so 4 keeps each stretch well under 50 ms while still sharing commits.
 */
const bulkConcurrency = (db: Db) => (dialectOf(db) === 'sqlite' ? 4 : 25);

export function toQueueRow(r: QueueRow): AdminOrderRow {
  return {
    id: r.id,
    orderNumber: r.order_number,
    store: { id: r.customer_id, C_Number: r.c_number, name: r.company_name, route: r.route_number },
    placedBy: { role: r.placed_by_role, name: r.placed_by_name ?? '' },
    status: r.status,
    statusLabel: ORDER_STATUS_LABELS[r.status],
    createdAt: r.created_at,
    deliveryDate: r.requested_delivery_date,
    late: Number(r.late ?? 0) === 1,
    itemCount: Number(r.item_count),
    totalCents: Number(r.total_cents),
  };
}

function queueFilter(distributorId: string, f: AdminOrderFilters): QueueFilter {
  const created = dateRange(f.createdFrom, f.createdTo);
  return {
    distributorId,
    statuses: f.status,
    createdFrom: created.from,
    createdBefore: created.before,
    deliveryFrom: f.deliveryFrom,
    deliveryTo: f.deliveryTo,
    route: f.route,
    orderDay: f.orderDay,
    salesRepId: f.salesRepId,
    placedBy: f.placedBy,
    customerId: f.customerId,
    amountMinCents: f.amountMinCents,
    amountMaxCents: f.amountMaxCents,
    search: f.search,
    late: f.late,
  };
}

/** The filter with the products its search names, from the catalogue (see productIdsContaining). */
async function withSearchProducts(db: Db, f: QueueFilter): Promise<QueueFilter> {
  if (!f.search) return f;
  return { ...f, searchProductIds: await productIdsContaining(db, f.distributorId, f.search, MATCH_LIST_MAX) };
}

export async function listQueueOrders(
  db: Db,
  actor: Actor,
  query: z.output<typeof adminOrderListQuery>,
): Promise<AdminOrderList> {
  const sorting = resolveSorting(ADMIN_ORDER_DEFAULT_SORT, query.sort, query.dir);
  const { rows, total } = await listQueue(db, await withSearchProducts(db, queueFilter(actor.distributorId, query)), sorting, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { items: rows.map(toQueueRow), total, page: query.page, limit: query.limit };
}

// Saved views: each staff user's own; another user's view is 404.

/** The filters as stored: only the fields set. */
function storedFilters(f: AdminOrderFilters): SavedViewFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

/** A stored filter set read back; a set that no longer parses (a rule tightened since) counts as no filters. */
function readFilters(json: string): AdminOrderFilters {
  try {
    const parsed = adminOrderFilters.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: treated as no filters, below
  }
  return adminOrderFilters.parse({});
}

function toView(row: { id: string; name: string; filters: string; created_at: string; updated_at: string }): SavedView {
  return {
    id: row.id,
    name: row.name,
    filters: storedFilters(readFilters(row.filters)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listSavedViews(db: Db, actor: Actor): Promise<{ views: SavedView[] }> {
  return { views: (await listViews(db, actor.userId)).map(toView) };
}

const duplicateView = (name: string) =>
  new AppError('CONFLICT', ADMIN_ORDER_MESSAGES.viewDuplicate(name), {
    fields: { name: ADMIN_ORDER_MESSAGES.viewDuplicate(name) },
  });

export async function createSavedView(
  db: Db,
  actor: Actor,
  body: { name: string; filters: AdminOrderFilters },
): Promise<SavedView> {
  if ((await countViews(db, actor.userId)) >= SAVED_VIEWS_PER_USER_MAX) throw conflict(ADMIN_ORDER_MESSAGES.viewLimit);
  if (await findViewByName(db, actor.userId, body.name)) throw duplicateView(body.name);
  const id = newId();
  await refuseOnUniqueViolation(
    () =>
      insertView(db, {
        id,
        distributor_id: actor.distributorId,
        user_id: actor.userId,
        name: body.name,
        filters: JSON.stringify(storedFilters(body.filters)),
        at: nowIso(),
      }),
    () => duplicateView(body.name),
  );
  return toView((await findView(db, actor.userId, id))!);
}

async function ownView(db: Db, actor: Actor, id: string) {
  const row = await findView(db, actor.userId, id);
  if (!row) throw notFound(ADMIN_ORDER_MESSAGES.viewNotFound);
  return row;
}

export async function editSavedView(
  db: Db,
  actor: Actor,
  id: string,
  body: { name: string; filters: AdminOrderFilters },
): Promise<SavedView> {
  await ownView(db, actor, id);
  if (await findViewByName(db, actor.userId, body.name, id)) throw duplicateView(body.name);
  await refuseOnUniqueViolation(
    () =>
      updateView(db, actor.userId, id, { name: body.name, filters: JSON.stringify(storedFilters(body.filters)), at: nowIso() }),
    () => duplicateView(body.name),
  );
  return toView((await findView(db, actor.userId, id))!);
}

export async function removeSavedView(db: Db, actor: Actor, id: string): Promise<void> {
  await ownView(db, actor, id);
  await deleteView(db, actor.userId, id);
}

/** Every order's count and each of the user's views' count: exact, one indexed count each. */
export async function savedViewCounts(db: Db, actor: Actor): Promise<SavedViewCounts> {
  const views = await listViews(db, actor.userId);
  const all = await countQueue(db, { distributorId: actor.distributorId });
  const counts: SavedViewCounts['views'] = [];
  for (const v of views)
    counts.push({
      id: v.id,
      count: await countQueue(db, await withSearchProducts(db, queueFilter(actor.distributorId, readFilters(v.filters)))),
    });
  return { all, views: counts };
}

// Status moves.

/**
 * Applies one checked move in its own write transaction. Returns the refusal reason when the order
 * had moved meanwhile (someone else, another tab) to a status it cannot leave for `to`.
 */
async function applyMove(
  db: Db,
  actor: Actor,
  order: QueueRow,
  to: TargetStatus,
  note: string | null,
): Promise<{ moved: true } | { moved: false; status: OrderStatus; reason: string }> {
  return withWriteTransaction(db, async (trx: DbOrTrx) => {
    const at = nowIso();
    // The roll-ups. Cancelling takes the order out of every sum: out under the status it has, back in
    // under the one it has after (the same when not moved). Any other move changes its status row only.
    const cancelling = to === 'cancelled';
    if (cancelling) await applyOrderSales(trx, order.id, -1);
    const moved = await moveOrderStatus(trx, { orderId: order.id, from: order.status, to, userId: actor.userId, note, at });
    if (cancelling) await applyOrderSales(trx, order.id, 1);
    else if (moved) await moveOrderSalesStatus(trx, order.id, order.status, to);
    if (!moved) {
      const now = (await currentStatus(trx, order.id))?.status ?? order.status;
      return { moved: false as const, status: now, reason: moveRefusal(now, to) ?? `changed to ${now} meanwhile` };
    }
    if (to === 'cancelled') {
      await returnStockOfOrder(trx, order.id);
      await postCancellationCredit(trx, {
        customerId: order.customer_id,
        orderId: order.id,
        reference: order.order_number,
        amountCents: Number(order.total_cents),
        at,
      });
    }
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'order',
      entityId: order.id,
      action: `status:${to}`,
      actor: { userId: actor.userId, name: actor.name },
      before: { status: order.status },
      after: note ? { status: to, note } : { status: to },
    });
    await queueWebhookEvent(trx, actor.distributorId, 'order.status_changed', {
      orderId: order.id,
      orderNumber: order.order_number,
      customerId: order.customer_id,
      customerNumber: order.c_number,
      previousStatus: order.status,
      status: to,
      note,
      changedAt: at,
      changedBy: actor.name,
    });
    return { moved: true as const };
  });
}

async function moveChecked(
  db: Db,
  actor: Actor,
  order: QueueRow,
  to: TargetStatus,
  note: string | null,
): Promise<StatusMoveResult> {
  const base = { orderId: order.id, orderNumber: order.order_number, from: order.status };
  const refusal = moveRefusal(order.status, to);
  if (refusal) return { ...base, outcome: 'refused', status: order.status, reason: refusal };
  const done = await applyMove(db, actor, order, to, note);
  // After the commit: the store hears of a move that happened (never of one refused or rolled back).
  if (done.moved) {
    await notifyOrderStatus(db, {
      distributorId: actor.distributorId,
      customerId: order.customer_id,
      orderNumber: order.order_number,
      status: to,
    });
  }
  return done.moved
    ? { ...base, outcome: 'moved', status: to, reason: null }
    : { ...base, outcome: 'refused', status: done.status, reason: done.reason };
}

/** POST /admin/orders/:orderId/status: 404 for an order not this distributor's, 409 for a move the rule refuses. */
export async function moveOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  body: { status: TargetStatus; note?: string },
): Promise<{ order: AdminOrderRow; message: string }> {
  const [order] = await findOrdersForMove(db, actor.distributorId, [orderId]);
  if (!order) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
  const result = await moveChecked(db, actor, order, body.status, body.note ?? null);
  if (result.outcome === 'refused') throw conflict(ADMIN_ORDER_MESSAGES.refused(order.order_number, result.reason!));
  const [after] = await findOrdersForMove(db, actor.distributorId, [orderId]);
  return { order: toQueueRow(after!), message: ADMIN_ORDER_MESSAGES.moved(order.order_number, ORDER_STATUS_LABELS[body.status]) };
}

/** POST /admin/orders/bulk/status: a result per order, in the order the ids were given. */
export async function moveOrders(
  db: Db,
  actor: Actor,
  body: { orderIds: string[]; status: TargetStatus; note?: string },
): Promise<BulkStatusResult> {
  const found = new Map((await findOrdersForMove(db, actor.distributorId, body.orderIds)).map((o) => [o.id, o]));
  const results: StatusMoveResult[] = new Array(body.orderIds.length);
  const concurrency = bulkConcurrency(db);
  for (let i = 0; i < body.orderIds.length; i += concurrency) {
    const slice = body.orderIds.slice(i, i + concurrency);
    const done = await Promise.all(
      slice.map((id) => {
        const order = found.get(id);
        if (!order)
          return Promise.resolve<StatusMoveResult>({
            orderId: id,
            orderNumber: null,
            outcome: 'refused',
            from: null,
            status: null,
            reason: 'not found',
          });
        return moveChecked(db, actor, order, body.status, body.note ?? null);
      }),
    );
    done.forEach((r, j) => (results[i + j] = r));
  }
  const moved = results.filter((r) => r.outcome === 'moved').length;
  return { results, moved, refused: results.length - moved, summary: bulkSummary(results) };
}

/** POST /admin/orders/bulk/pdf: one file, the orders in the order given; an id not this distributor's is 404. */
export async function ordersPdf(
  db: Db,
  actor: Actor,
  body: z.output<typeof bulkPdfBody>,
  opts: { media: Pick<Config, 'media'> },
): Promise<Buffer> {
  const orders = new Map((await findFullOrders(db, actor.distributorId, body.orderIds)).map((o) => [o.id, o]));
  if (orders.size !== body.orderIds.length) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
  const [distributor, timeZone] = await Promise.all([
    findDistributor(db, actor.distributorId),
    distributorTimeZone(db, actor.distributorId),
  ]);
  if (!distributor) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
  const logo = await imageForPdf(opts.media, distributor.logo_url);
  const customers = new Map<string, Awaited<ReturnType<typeof findCustomerById>>>();
  const inputs = [];
  for (const id of body.orderIds) {
    const order = orders.get(id)!;
    if (!customers.has(order.customer_id)) customers.set(order.customer_id, await findCustomerById(db, order.customer_id));
    const customer = customers.get(order.customer_id);
    if (!customer) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
    const { rows } = await listOrderLines(db, id, { offset: 0, limit: null });
    inputs.push({ distributor, customer, order, lines: rows, hasPrice: body.hasPrice, timeZone, logo });
  }
  return renderOrdersPdf(inputs, { title: `${inputs.length} orders` });
}

/** GET /admin/orders/filter-choices: the sales reps and routes the filter bar offers. */
export function queueFilterChoices(db: Db, actor: Actor): Promise<FilterChoices> {
  return filterChoices(db, actor.distributorId);
}
