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
import { notifyOrderStatuses } from '../notifications/notifications.service.ts';
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
import { withWriteBatch, withWriteTransaction, type Outcome } from './write-transaction.ts';
import type { Config } from '../../config.ts';
import { imageForPdf } from '../media/media.service.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import { applyOrderSales, moveOrdersSalesStatus } from './sales-summary.repository.ts';

/**
 * How many moves of a bulk go together (moveSlice). PostgreSQL: 25 in one transaction. SQLite: 4 sent at
 * once — queries there run synchronously and the moves sent together share one group commit that holds
 * the event loop until it commits (about 8 ms a move with its roll-ups, audit, webhook and notification),
 * so 4 keeps each stretch well under 50 ms while still sharing commits.
 */
const bulkSlice = (db: Db) => (dialectOf(db) === 'sqlite' ? 4 : 25);

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

/** A status move whose roll-up change is written after the moves (moveOrdersSalesStatus). */
type SalesMove = { orderId: string; from: OrderStatus; to: OrderStatus };

/**
 * One checked move inside the caller's write transaction. Answers the refusal reason when the order had
 * moved meanwhile (someone else, another tab) to a status it cannot leave for `to`. A move other than a
 * cancel adds its roll-up change to `salesMoves` (as its last step, so a move undone to its savepoint adds
 * none); the caller writes them (moveOrdersSalesStatus) in the same transaction, once for a batch.
 */
async function moveInTransaction(
  trx: DbOrTrx,
  actor: Actor,
  order: QueueRow,
  to: TargetStatus,
  note: string | null,
  salesMoves: SalesMove[],
): Promise<{ moved: true } | { moved: false; status: OrderStatus; reason: string }> {
  const at = nowIso();
  // The roll-ups. Cancelling takes the order out of every sum: out under the status it has, back in
  // under the one it has after (the same when not moved). Any other move changes its status row only.
  const cancelling = to === 'cancelled';
  if (cancelling) await applyOrderSales(trx, order.id, -1);
  const moved = await moveOrderStatus(trx, { orderId: order.id, from: order.status, to, userId: actor.userId, note, at });
  if (cancelling) await applyOrderSales(trx, order.id, 1);
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
  if (!cancelling) salesMoves.push({ orderId: order.id, from: order.status, to });
  return { moved: true as const };
}

type MoveDone = Awaited<ReturnType<typeof moveInTransaction>>;

function resultOf(order: QueueRow, to: TargetStatus, done: MoveDone): StatusMoveResult {
  const base = { orderId: order.id, orderNumber: order.order_number, from: order.status };
  return done.moved
    ? { ...base, outcome: 'moved', status: to, reason: null }
    : { ...base, outcome: 'refused', status: done.status, reason: done.reason };
}

/** The result for an order that the rule refuses to move, or null when it may move. */
function refusedByRule(order: QueueRow, to: TargetStatus): StatusMoveResult | null {
  const reason = moveRefusal(order.status, to);
  return reason
    ? { orderId: order.id, orderNumber: order.order_number, from: order.status, outcome: 'refused', status: order.status, reason }
    : null;
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
  const [result] = await moveSlice(db, actor, [order], body.status, body.note ?? null);
  if (result!.outcome === 'refused') throw conflict(ADMIN_ORDER_MESSAGES.refused(order.order_number, result!.reason!));
  const [after] = await findOrdersForMove(db, actor.distributorId, [orderId]);
  return { order: toQueueRow(after!), message: ADMIN_ORDER_MESSAGES.moved(order.order_number, ORDER_STATUS_LABELS[body.status]) };
}

/**
 * Moves these orders, each checked against the rule first, then tells the stores of the moves that were
 * committed (never of one refused or rolled back), all in one go. PostgreSQL: the moves share one
 * transaction (withWriteBatch) and their roll-up changes are written once, last (so the rows of a day's
 * statuses are locked only while it commits); SQLite: each has its own write (they share group commits).
 * A move that failed (a database error) fails the request once the others' stores are told.
 */
async function moveSlice(
  db: Db,
  actor: Actor,
  orders: readonly QueueRow[],
  to: TargetStatus,
  note: string | null,
): Promise<StatusMoveResult[]> {
  const early = orders.map((order) => refusedByRule(order, to));
  const toMove = orders.filter((_, i) => early[i] === null);
  let outcomes: Outcome<MoveDone>[];
  if (dialectOf(db) === 'postgres') {
    // In order id order: concurrent batches lock the orders they share in the same order.
    const byId = [...toMove.keys()].sort((a, b) => (toMove[a]!.id < toMove[b]!.id ? -1 : 1));
    const salesMoves: SalesMove[] = [];
    const sorted = await withWriteBatch(
      db,
      byId.map((k) => (trx: DbOrTrx) => moveInTransaction(trx, actor, toMove[k]!, to, note, salesMoves)),
      (trx) => moveOrdersSalesStatus(trx, salesMoves),
    );
    outcomes = new Array(toMove.length);
    byId.forEach((k, j) => (outcomes[k] = sorted[j]!));
  } else {
    const settled = await Promise.allSettled(
      toMove.map((order) =>
        withWriteTransaction(db, async (trx) => {
          const salesMoves: SalesMove[] = [];
          const done = await moveInTransaction(trx, actor, order, to, note, salesMoves);
          await moveOrdersSalesStatus(trx, salesMoves);
          return done;
        }),
      ),
    );
    outcomes = settled.map((r) => (r.status === 'fulfilled' ? { ok: true, value: r.value } : { ok: false, error: r.reason }));
  }
  const done = outcomes.map((o) => (o.ok ? o.value : null));
  await notifyOrderStatuses(
    db,
    actor.distributorId,
    toMove
      .filter((_, k) => done[k]?.moved)
      .map((order) => ({ customerId: order.customer_id, orderNumber: order.order_number, status: to })),
  );
  const failed = outcomes.find((o) => !o.ok);
  if (failed && !failed.ok) throw failed.error;
  let k = 0;
  return orders.map((order, i) => early[i] ?? resultOf(order, to, done[k++]!));
}

/** POST /admin/orders/bulk/status: a result per order, in the order the ids were given. */
export async function moveOrders(
  db: Db,
  actor: Actor,
  body: { orderIds: string[]; status: TargetStatus; note?: string },
): Promise<BulkStatusResult> {
  const found = new Map((await findOrdersForMove(db, actor.distributorId, body.orderIds)).map((o) => [o.id, o]));
  const results: StatusMoveResult[] = new Array(body.orderIds.length);
  const slice = bulkSlice(db);
  for (let i = 0; i < body.orderIds.length; i += slice) {
    const ids = body.orderIds.slice(i, i + slice);
    const orders = ids.map((id) => found.get(id)).filter((o): o is QueueRow => o !== undefined);
    const moved = new Map((await moveSlice(db, actor, orders, body.status, body.note ?? null)).map((r) => [r.orderId, r]));
    ids.forEach(
      (id, j) =>
        (results[i + j] = moved.get(id) ?? {
          orderId: id,
          orderNumber: null,
          outcome: 'refused',
          from: null,
          status: null,
          reason: 'not found',
        }),
    );
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
