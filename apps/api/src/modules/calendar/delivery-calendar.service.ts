// The delivery calendar (issue 18 §2, docs/calendar.md): the office's dated entries (delivery days,
// holidays with their shift, promotions, notes), the routes' cut-offs, the late-orders rule, and every
// store's next order and delivery day computed from them on each read (packages/shared
// calendar/delivery-schedule.ts). Nothing is stored per store, so a holiday added, edited or deleted
// moves the next order and delivery day of every store it touches at once; the add/edit answer lists them.
// Each change of an entry, a cut-off or the late-orders rule is written to the audit log in the same
// transaction (docs/audit.md).
import {
  DEFAULT_CUTOFF,
  addDays,
  localDate,
  nextSchedule,
  weekdayName,
  zonedInstant,
  type Holiday,
  type RouteCutoff,
  type Schedule,
} from '@portal/shared/calendar/delivery-schedule';
import {
  DELIVERY_CALENDAR_MESSAGES,
  type DatedEntryResult,
  type DatedEntryValues,
  type LateOrderPolicy,
  type OrderSchedule,
  type RouteCutoffBody,
  type RouteCutoffsResponse,
} from '@portal/shared/calendar/delivery-calendar.schemas';
import { ORDER_DAY_NAMES } from '@portal/shared/orders/order-day';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { BuyerContext } from '../../platform/buyer-context.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { distributorTimeZone, lateOrderPolicy, saveLateOrderPolicy } from '../settings/settings.service.ts';
import {
  deleteEntry,
  findEntry,
  findRouteCutoff,
  findScheduleStore,
  insertDatedEntry,
  listHolidays,
  listRouteCutoffs,
  listRouteDays,
  listScheduledStores,
  updateDatedEntry,
  upsertRouteCutoff,
  type ScheduleStoreRow,
} from './calendar.repository.ts';

const M = DELIVERY_CALENDAR_MESSAGES;
/** Holidays read around today: enough for the twelve weekly cycles nextSchedule may look at. */
const BACK_DAYS = 31;
const AHEAD_DAYS = 120;

interface Context {
  timeZone: string;
  at: Date;
  holidays: Holiday[];
  cutoffs: Map<string, RouteCutoff>;
}

const cutoffKey = (route: string | null, orderDay: number) => `${route ?? ''}|${orderDay}`;

async function loadContext(db: DbOrTrx, distributorId: string, at = now()): Promise<Context> {
  const timeZone = await distributorTimeZone(db, distributorId);
  const today = localDate(at, timeZone);
  const [rows, cutoffRows] = await Promise.all([
    listHolidays(db, distributorId, addDays(today, -BACK_DAYS), addDays(today, AHEAD_DAYS)),
    listRouteCutoffs(db, distributorId),
  ]);
  const holidays: Holiday[] = rows
    .filter((r) => r.entry_date)
    .map((r) => ({
      date: r.entry_date!,
      endDate: r.end_date ?? null,
      routeNumber: r.route_number ?? null,
      shift: r.shift === 'before' ? 'before' : 'after',
      title: r.title,
    }));
  const cutoffs = new Map(
    cutoffRows.map((c) => [
      cutoffKey(c.route_number, Number(c.order_day)),
      { cutoffTime: c.cutoff_time, deliveryOffsetDays: Number(c.delivery_offset_days) },
    ]),
  );
  return { timeZone, at, holidays, cutoffs };
}

function cutoffOf(ctx: Context, route: string | null, orderDay: number): RouteCutoff {
  return ctx.cutoffs.get(cutoffKey(route, orderDay)) ?? DEFAULT_CUTOFF;
}

function scheduleOf(ctx: Context, store: Pick<ScheduleStoreRow, 'route_number' | 'order_day'>): Schedule | null {
  const orderDay = Number(store.order_day);
  const route = store.route_number?.trim() || null;
  return nextSchedule({
    now: ctx.at,
    timeZone: ctx.timeZone,
    orderDay,
    routeNumber: route,
    cutoff: cutoffOf(ctx, route, orderDay),
    holidays: ctx.holidays,
  });
}

// ---- the store's schedule (retailer and sales) ----

function toOrderSchedule(ctx: Context, store: ScheduleStoreRow, policy: LateOrderPolicy): OrderSchedule {
  const orderDay = Number(store.order_day);
  const s = scheduleOf(ctx, store);
  if (!s) {
    return {
      orderDay,
      label: orderDay === 8 ? 'OT' : 'NA',
      regularLabel: null,
      orderDate: null,
      deliveryDate: null,
      cutoffAt: null,
      cutoffTime: null,
      timeZone: ctx.timeZone,
      daysToOrderDay: null,
      colour: null,
      text: null,
      countdown: null,
      movedBy: [],
      lateNow: false,
    };
  }
  const route = store.route_number?.trim() || null;
  return {
    orderDay,
    label: weekdayName(s.next.orderDate),
    regularLabel: s.next.orderDate === s.next.regularOrderDate ? null : ORDER_DAY_NAMES[orderDay]!,
    orderDate: s.next.orderDate,
    deliveryDate: s.next.deliveryDate,
    cutoffAt: s.next.cutoffAt,
    cutoffTime: cutoffOf(ctx, route, orderDay).cutoffTime,
    timeZone: ctx.timeZone,
    daysToOrderDay: s.daysToOrderDay,
    colour: s.colour,
    text: s.text,
    countdown: s.countdown,
    movedBy: s.next.movedBy,
    lateNow: policy === 'queue' && s.missedToday !== null,
  };
}

export async function storeSchedule(db: Db, buyer: BuyerContext): Promise<OrderSchedule> {
  const store = await findScheduleStore(db, buyer.distributorId, buyer.customerId);
  if (!store) throw notFound('Customer not found');
  const [ctx, policy] = await Promise.all([loadContext(db, buyer.distributorId), lateOrderPolicy(db, buyer.distributorId)]);
  return toOrderSchedule(ctx, store, policy);
}

/**
 * For order placement (inside its transaction): the delivery date the order gets, and whether it is
 * late. Placed after today's cut-off with the late queue on, it is flagged late and keeps the missed
 * delivery date (for the office to approve); otherwise it takes the next delivery day. A store
 * without a weekly order day gets neither.
 */
export async function deliveryForNewOrder(
  db: DbOrTrx,
  distributorId: string,
  customerId: string,
): Promise<{ deliveryDate: string | null; late: boolean }> {
  const store = await findScheduleStore(db, distributorId, customerId);
  if (!store) return { deliveryDate: null, late: false };
  const [ctx, policy] = await Promise.all([loadContext(db, distributorId), lateOrderPolicy(db, distributorId)]);
  const s = scheduleOf(ctx, store);
  if (!s) return { deliveryDate: null, late: false };
  if (policy === 'queue' && s.missedToday) return { deliveryDate: s.missedToday.deliveryDate, late: true };
  return { deliveryDate: s.next.deliveryDate, late: false };
}

// ---- the office's entries ----

function rowOf(v: DatedEntryValues, timeZone: string) {
  const endDate = v.endDate && v.endDate > v.date ? v.endDate : null;
  return {
    kind: v.kind,
    title: v.title,
    description: v.description ?? null,
    // Whole local days, so the calendar readers (GET /admin/calendar, /sales/calendar) list it too.
    starts_at: zonedInstant(v.date, '00:00', timeZone).toISOString(),
    ends_at: zonedInstant(addDays(endDate ?? v.date, 1), '00:00', timeZone).toISOString(),
    entry_date: v.date,
    end_date: endDate,
    route_number: v.routeNumber ?? null,
    shift: v.kind === 'holiday' ? (v.shift ?? 'after') : null,
  };
}

interface EntryFields {
  kind?: string;
  title: string;
  description: string | null;
  entry_date?: string | null;
  end_date?: string | null;
  route_number?: string | null;
  shift?: string | null;
}

/** An entry as the office sees it in its form, for the audit log. */
function entryAuditView(e: EntryFields): Record<string, unknown> {
  return {
    kind: e.kind ?? null,
    title: e.title,
    date: e.entry_date ?? null,
    endDate: e.end_date ?? null,
    routeNumber: e.route_number ?? null,
    shift: e.shift ?? null,
    description: e.description ?? null,
  };
}

function auditEntry(
  trx: DbOrTrx,
  actor: Actor,
  entityType: 'calendar_entry' | 'route_cutoff' | 'settings',
  entityId: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(trx, {
    distributorId: actor.distributorId,
    entityType,
    entityId,
    action,
    actor: { userId: actor.userId, name: actor.name },
    before,
    after,
  });
}

/** Stores whose next order or delivery day differs between two contexts (before and after a change). */
async function movedStores(db: DbOrTrx, distributorId: string, before: Context, after: Context, routes: (string | null)[]) {
  const all = routes.includes(null);
  const stores = await listScheduledStores(db, distributorId, null);
  const out: DatedEntryResult['stores'] = [];
  for (const store of stores) {
    const route = store.route_number?.trim() || null;
    if (!all && !routes.includes(route)) continue;
    const a = scheduleOf(before, store);
    const b = scheduleOf(after, store);
    if (!b) continue;
    if (a?.next.orderDate === b.next.orderDate && a?.next.deliveryDate === b.next.deliveryDate) continue;
    out.push({
      id: store.id,
      C_Number: store.c_number,
      C_CoName: store.company_name,
      routeNumber: route,
      orderDate: b.next.orderDate,
      deliveryDate: b.next.deliveryDate,
    });
  }
  return out;
}

async function withMoves(
  db: Db,
  distributorId: string,
  routes: (string | null)[],
  change: () => Promise<string>,
): Promise<DatedEntryResult> {
  const at = now();
  const before = await loadContext(db, distributorId, at);
  const id = await change();
  const after = await loadContext(db, distributorId, at);
  const stores = await movedStores(db, distributorId, before, after, routes);
  return { id, affectedStores: stores.length, stores };
}

export async function addDatedEntry(db: Db, actor: Actor, v: DatedEntryValues): Promise<DatedEntryResult> {
  const timeZone = await distributorTimeZone(db, actor.distributorId);
  const row = rowOf(v, timeZone);
  return withMoves(db, actor.distributorId, [row.route_number], async () => {
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await insertDatedEntry(trx, { id, distributor_id: actor.distributorId, created_at: nowIso(), ...row });
      await auditEntry(trx, actor, 'calendar_entry', id, 'created', null, entryAuditView(row));
    });
    return id;
  });
}

async function editableEntry(db: DbOrTrx, actor: Actor, id: string) {
  const found = await findEntry(db, actor.distributorId, id);
  if (!found) throw notFound(M.notFound);
  if (found.kind === 'event') throw badRequest(M.notEditable);
  return found;
}

export async function editDatedEntry(db: Db, actor: Actor, id: string, v: DatedEntryValues): Promise<DatedEntryResult> {
  const old = await editableEntry(db, actor, id);
  const timeZone = await distributorTimeZone(db, actor.distributorId);
  const row = rowOf(v, timeZone);
  return withMoves(db, actor.distributorId, [old.route_number ?? null, row.route_number], async () => {
    await db.transaction().execute(async (trx) => {
      // Read again inside the transaction, so the audit's before is what this change replaced.
      const current = await editableEntry(trx, actor, id);
      await updateDatedEntry(trx, actor.distributorId, id, row);
      await auditEntry(trx, actor, 'calendar_entry', id, 'updated', entryAuditView(current), entryAuditView(row));
    });
    return id;
  });
}

export async function removeDatedEntry(db: Db, actor: Actor, id: string): Promise<DatedEntryResult> {
  const old = await editableEntry(db, actor, id);
  return withMoves(db, actor.distributorId, [old.route_number ?? null], async () => {
    await db.transaction().execute(async (trx) => {
      const current = await editableEntry(trx, actor, id);
      await deleteEntry(trx, actor.distributorId, id);
      await auditEntry(trx, actor, 'calendar_entry', id, 'deleted', entryAuditView(current), null);
    });
    return id;
  });
}

// ---- cut-offs and the late-orders rule ----

export async function routeCutoffs(db: Db, actor: Actor): Promise<RouteCutoffsResponse> {
  const d = actor.distributorId;
  const [ctx, policy, routeDays, saved] = await Promise.all([
    loadContext(db, d),
    lateOrderPolicy(db, d),
    listRouteDays(db, d),
    listRouteCutoffs(db, d),
  ]);
  const keys = new Map<string, { route: string; orderDay: number; stores: number }>();
  for (const r of routeDays)
    keys.set(cutoffKey(r.route_number, r.order_day), { route: r.route_number, orderDay: r.order_day, stores: r.stores });
  for (const c of saved) {
    const k = cutoffKey(c.route_number, Number(c.order_day));
    if (!keys.has(k)) keys.set(k, { route: c.route_number, orderDay: Number(c.order_day), stores: 0 });
  }
  const routes = [...keys.entries()]
    .map(([k, r]) => {
      const cutoff = cutoffOf(ctx, r.route, r.orderDay);
      const s = scheduleOf(ctx, { route_number: r.route, order_day: r.orderDay });
      return {
        routeNumber: r.route,
        orderDay: r.orderDay,
        orderDayLabel: ORDER_DAY_NAMES[r.orderDay] ?? String(r.orderDay),
        cutoffTime: cutoff.cutoffTime,
        deliveryOffsetDays: cutoff.deliveryOffsetDays,
        configured: ctx.cutoffs.has(k),
        stores: r.stores,
        nextOrderDate: s?.next.orderDate ?? null,
        nextDeliveryDate: s?.next.deliveryDate ?? null,
      };
    })
    .sort((a, b) => a.routeNumber.localeCompare(b.routeNumber, 'en', { numeric: true }) || a.orderDay - b.orderDay);
  return {
    timeZone: ctx.timeZone,
    latePolicy: policy,
    defaultCutoffTime: DEFAULT_CUTOFF.cutoffTime,
    defaultDeliveryOffsetDays: DEFAULT_CUTOFF.deliveryOffsetDays,
    routes,
  };
}

const cutoffAuditView = (c: { route_number: string; order_day: number; cutoff_time: string; delivery_offset_days: number }) => ({
  routeNumber: c.route_number,
  orderDay: Number(c.order_day),
  cutoffTime: c.cutoff_time,
  deliveryOffsetDays: Number(c.delivery_offset_days),
});

/**
 * Saves one route and order day's cut-off. Audited as `route_cutoff` `<route>:<order day>` (e.g. `101:3`):
 * `created` when the route used the default until now, else `updated`.
 */
export async function saveRouteCutoff(db: Db, actor: Actor, body: RouteCutoffBody): Promise<RouteCutoffsResponse> {
  const row = {
    route_number: body.routeNumber.trim(),
    order_day: Number(body.orderDay),
    cutoff_time: body.cutoffTime,
    delivery_offset_days: Number(body.deliveryOffsetDays),
  };
  await db.transaction().execute(async (trx) => {
    const saved = await findRouteCutoff(trx, actor.distributorId, row.route_number, row.order_day);
    await upsertRouteCutoff(trx, actor.distributorId, row, nowIso());
    await auditEntry(
      trx,
      actor,
      'route_cutoff',
      `${row.route_number}:${row.order_day}`,
      saved ? 'updated' : 'created',
      saved ? cutoffAuditView(saved) : null,
      cutoffAuditView(row),
    );
  });
  return routeCutoffs(db, actor);
}

/** The late-orders rule is a setting: audited on the distributor's settings record, field `latePolicy`. */
export async function setLatePolicy(db: Db, actor: Actor, policy: LateOrderPolicy): Promise<RouteCutoffsResponse> {
  await db.transaction().execute(async (trx) => {
    const before = await lateOrderPolicy(trx, actor.distributorId);
    await saveLateOrderPolicy(trx, actor.distributorId, policy);
    await auditEntry(trx, actor, 'settings', actor.distributorId, 'updated', { latePolicy: before }, { latePolicy: policy });
  });
  return routeCutoffs(db, actor);
}
