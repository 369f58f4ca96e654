// Purchase orders and high demand (issue 18 §4, §5). A distributor user sees only its distributor's
// purchase orders. Demand is read over a bounded window (the purchasing settings' sales window) and the
// maths (velocity, days of cover, suggested units) is the shared purchasing-rules. A purchase order is a
// draft (edited freely, deleted), then issued (its PDF goes to the vendor), then received in one or more
// receipts: each receipt raises stock on hand in the same transaction that records it, and a line cannot
// take more than is still to receive (409). An issued purchase order with nothing received can be cancelled.
import { resolveSorting, type Sorting } from '@portal/shared/api/sort';
import {
  PO_CHOICES_MAX,
  PO_LINES_MAX,
  PURCHASE_ORDER_MESSAGES as M,
  type DemandRow,
  type HighDemandList,
  type HighDemandSortKey,
  type PurchaseOrderChoices,
  type PurchaseOrderDetail,
  type PurchaseOrderInput,
  type PurchaseOrderList,
  type PurchaseOrderRow,
  type PurchaseOrderSortKey,
  type ReceiptInput,
  type SuggestionSummary,
  type VendorSuggestion,
  type highDemandQuery,
  type purchaseOrderListQuery,
} from '@portal/shared/purchase-orders/purchase-orders.schemas';
import {
  daysOfCover,
  outstanding,
  statusAfterReceipt,
  suggestedQuantity,
  velocityPerDay,
  type PurchasingSettings,
} from '@portal/shared/purchase-orders/purchasing-rules';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { findDistributor } from '../customers/customers.service.ts';
import { imageForPdf } from '../media/media.service.ts';
import { afterCatalogueWrite, receiveStock } from '../products/products.service.ts';
import { purchasingSettingsOf, savePurchasingSettings } from '../settings/settings.service.ts';
import { getVendor } from '../vendors/vendors.service.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';
import {
  addReceived,
  deletePurchaseOrder,
  findChoices,
  findProductsForLines,
  findPurchaseOrder,
  findPurchaseOrderLines,
  findReceipts,
  findVendorName,
  highDemandByVendor,
  insertPurchaseOrder,
  insertReceipt,
  listHighDemand,
  listPurchaseOrders,
  nextPurchaseOrderNumber,
  OPEN_STATUSES,
  replaceLines,
  updatePurchaseOrder,
  vendorHighDemand,
  type DemandDbRow,
  type PurchaseOrderDbRow,
} from './purchase-orders.repository.ts';

const DAY_MS = 86_400_000;
const HIGH_DEMAND_DEFAULT_SORT: Sorting<HighDemandSortKey> = { sort: 'daysOfCover', dir: 'asc' };
const PURCHASE_ORDER_DEFAULT_SORT: Sorting<PurchaseOrderSortKey> = { sort: 'createdAt', dir: 'desc' };

/** The window's first instant: `days` whole days before now. */
export function windowStart(days: number, now = Date.now()): string {
  return new Date(now - days * DAY_MS).toISOString();
}

export const formatPoNumber = (n: number) => `PO-${String(n).padStart(6, '0')}`;

function toDemandRow(r: DemandDbRow, s: PurchasingSettings): DemandRow {
  const position = { stockOnHand: Number(r.stock_on_hand), incoming: Number(r.incoming), unitsSold: Number(r.sold) };
  return {
    productId: r.product_id,
    itemNumber: r.item_number,
    description: r.description,
    vendorId: r.vendor_id,
    vendorName: r.vendor_name,
    stockOnHand: position.stockOnHand,
    incoming: position.incoming,
    unitsSold: position.unitsSold,
    velocityPerDay: Math.round(velocityPerDay(position.unitsSold, s.velocityWindowDays) * 100) / 100,
    daysOfCover: daysOfCover(position, s.velocityWindowDays),
    suggestedQuantity: suggestedQuantity(position, s),
  };
}

export async function getPurchasingSettings(db: DbOrTrx, actor: Actor): Promise<PurchasingSettings> {
  return purchasingSettingsOf(db, actor.distributorId);
}

export async function editPurchasingSettings(db: Db, actor: Actor, value: PurchasingSettings): Promise<PurchasingSettings> {
  return savePurchasingSettings(db, actor, value);
}

export async function highDemandList(db: Db, actor: Actor, query: z.output<typeof highDemandQuery>): Promise<HighDemandList> {
  const settings = await purchasingSettingsOf(db, actor.distributorId);
  const since = windowStart(settings.velocityWindowDays);
  const sorting = resolveSorting(HIGH_DEMAND_DEFAULT_SORT, query.sort, query.dir);
  const { rows, total } = await listHighDemand(
    db,
    {
      distributorId: actor.distributorId,
      since,
      settings,
      vendorId: query.vendorId || undefined,
      search: query.search || undefined,
    },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map((r) => toDemandRow(r, settings)), total, page: query.page, limit: query.limit, settings, since };
}

export async function suggestionSummary(db: Db, actor: Actor): Promise<SuggestionSummary> {
  const settings = await purchasingSettingsOf(db, actor.distributorId);
  const rows = await highDemandByVendor(db, {
    distributorId: actor.distributorId,
    since: windowStart(settings.velocityWindowDays),
    settings,
  });
  return {
    items: rows.map((r) => ({
      vendorId: r.vendor_id,
      vendorName: r.vendor_name,
      productCount: Number(r.products),
      units: Number(r.units),
    })),
    settings,
  };
}

export async function vendorSuggestion(db: Db, actor: Actor, vendorId: string): Promise<VendorSuggestion> {
  const vendor = await getVendor(db, actor, vendorId);
  const settings = await purchasingSettingsOf(db, actor.distributorId);
  const rows = await vendorHighDemand(
    db,
    { distributorId: actor.distributorId, since: windowStart(settings.velocityWindowDays), settings, vendorId },
    PO_LINES_MAX,
  );
  return { vendorId: vendor.id, vendorName: vendor.name, lines: rows.map((r) => toDemandRow(r, settings)), settings };
}

/** The editor's choices: active vendors, and the chosen vendor's active products. */
export async function purchaseOrderChoices(db: Db, actor: Actor, vendorId: string | undefined): Promise<PurchaseOrderChoices> {
  const { vendors, products } = await findChoices(db, actor.distributorId, vendorId || undefined, PO_CHOICES_MAX);
  return {
    vendors,
    products: products.map((p) => ({
      id: p.id,
      itemNumber: p.item_number,
      description: p.description,
      stockOnHand: Number(p.stock_on_hand),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------

function toRow(r: PurchaseOrderDbRow): PurchaseOrderRow {
  return {
    id: r.id,
    poNumber: r.po_number,
    vendorId: r.vendor_id,
    vendorName: r.vendor_name,
    status: r.status,
    lineCount: Number(r.line_count),
    unitsOrdered: Number(r.units_ordered ?? 0),
    unitsReceived: Number(r.units_received ?? 0),
    totalCents: Number(r.total_cents),
    expectedDate: r.expected_date,
    createdAt: r.created_at,
    issuedAt: r.issued_at,
  };
}

export async function listPurchaseOrderRows(
  db: Db,
  actor: Actor,
  query: z.output<typeof purchaseOrderListQuery>,
): Promise<PurchaseOrderList> {
  const sorting = resolveSorting(PURCHASE_ORDER_DEFAULT_SORT, query.sort, query.dir);
  const { rows, total } = await listPurchaseOrders(
    db,
    {
      distributorId: actor.distributorId,
      status: query.status,
      vendorId: query.vendorId || undefined,
      search: query.search || undefined,
    },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toRow), total, page: query.page, limit: query.limit };
}

export async function getPurchaseOrder(db: DbOrTrx, actor: Actor, id: string): Promise<PurchaseOrderDetail> {
  const po = await findPurchaseOrder(db, actor.distributorId, id);
  if (!po) throw notFound(M.notFound);
  const [lines, receiptRows] = await Promise.all([findPurchaseOrderLines(db, id), findReceipts(db, id)]);
  const receipts = new Map<string, PurchaseOrderDetail['receipts'][number]>();
  for (const r of receiptRows) {
    let receipt = receipts.get(r.id);
    if (!receipt) {
      receipt = { id: r.id, receivedAt: r.received_at, receivedBy: r.user_name ?? '', lines: [] };
      receipts.set(r.id, receipt);
    }
    receipt.lines.push({ lineId: r.line_id, itemNumber: r.item_number, quantity: Number(r.quantity) });
  }
  return {
    ...toRow(po),
    notes: po.notes,
    receivedAt: po.received_at,
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: Number(l.line_no),
      productId: l.product_id,
      itemNumber: l.item_number,
      description: l.description,
      quantityOrdered: Number(l.quantity_ordered),
      quantityReceived: Number(l.quantity_received),
      unitCostCents: Number(l.unit_cost_cents),
      lineTotalCents: Number(l.quantity_ordered) * Number(l.unit_cost_cents),
      stockOnHand: Number(l.stock_on_hand),
    })),
    receipts: [...receipts.values()],
  };
}

/** The lines as stored: every product must be the distributor's and supplied by the vendor. */
async function checkedLines(db: DbOrTrx, actor: Actor, purchaseOrderId: string, input: PurchaseOrderInput) {
  const vendor = await findVendorName(db, actor.distributorId, input.vendorId);
  if (!vendor) throw badRequest(M.vendorNotFound, { vendorId: M.vendorNotFound });
  const products = new Map(
    (
      await findProductsForLines(
        db,
        actor.distributorId,
        input.lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const lines = input.lines.map((l, i) => {
    const p = products.get(l.productId);
    if (!p) throw badRequest(M.productNotFound, { [`lines.${i}.productId`]: M.productNotFound });
    if (p.vendor_id !== input.vendorId) {
      const message = M.productOfOtherVendor(p.item_number);
      throw badRequest(message, { [`lines.${i}.productId`]: message });
    }
    return {
      id: newId(),
      purchase_order_id: purchaseOrderId,
      line_no: i + 1,
      product_id: p.id,
      item_number: p.item_number,
      description: p.description,
      quantity_ordered: l.quantity,
      quantity_received: 0,
      unit_cost_cents: l.unitCostCents,
    };
  });
  const total = lines.reduce((s, l) => s + l.quantity_ordered * l.unit_cost_cents, 0);
  return { lines, total };
}

export async function createPurchaseOrder(db: Db, actor: Actor, input: PurchaseOrderInput): Promise<PurchaseOrderDetail> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const { lines, total } = await checkedLines(trx, actor, id, input);
    const at = nowIso();
    const n = await nextPurchaseOrderNumber(trx, actor.distributorId);
    await insertPurchaseOrder(trx, {
      id,
      distributor_id: actor.distributorId,
      po_number: formatPoNumber(n),
      vendor_id: input.vendorId,
      status: 'draft',
      notes: input.notes || null,
      expected_date: input.expectedDate || null,
      total_cents: total,
      created_by_user_id: actor.userId,
      created_at: at,
      updated_at: at,
      issued_at: null,
      received_at: null,
    });
    await replaceLines(trx, id, lines);
  });
  return getPurchaseOrder(db, actor, id);
}

async function draftOrThrow(trx: DbOrTrx, actor: Actor, id: string, message: string): Promise<PurchaseOrderDbRow> {
  const po = await findPurchaseOrder(trx, actor.distributorId, id, { lock: true });
  if (!po) throw notFound(M.notFound);
  if (po.status !== 'draft') throw conflict(message);
  return po;
}

export async function editPurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  input: PurchaseOrderInput,
): Promise<PurchaseOrderDetail> {
  await db.transaction().execute(async (trx) => {
    await draftOrThrow(trx, actor, id, M.notDraft);
    const { lines, total } = await checkedLines(trx, actor, id, input);
    await updatePurchaseOrder(trx, actor.distributorId, id, {
      vendor_id: input.vendorId,
      notes: input.notes || null,
      expected_date: input.expectedDate || null,
      total_cents: total,
      updated_at: nowIso(),
    });
    await replaceLines(trx, id, lines);
  });
  return getPurchaseOrder(db, actor, id);
}

export async function removePurchaseOrder(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await draftOrThrow(trx, actor, id, M.notDraftDelete);
    await deletePurchaseOrder(trx, actor.distributorId, id);
  });
}

export async function issuePurchaseOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderDetail> {
  await db.transaction().execute(async (trx) => {
    const po = await draftOrThrow(trx, actor, id, M.notDraft);
    if (Number(po.line_count) === 0) throw badRequest(M.linesRequired);
    const at = nowIso();
    await updatePurchaseOrder(trx, actor.distributorId, id, { status: 'issued', issued_at: at, updated_at: at }, ['draft']);
  });
  return getPurchaseOrder(db, actor, id);
}

export async function cancelPurchaseOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderDetail> {
  await db.transaction().execute(async (trx) => {
    const po = await findPurchaseOrder(trx, actor.distributorId, id, { lock: true });
    if (!po) throw notFound(M.notFound);
    if (po.status !== 'issued' || Number(po.units_received ?? 0) > 0) throw conflict(M.notCancellable);
    await updatePurchaseOrder(trx, actor.distributorId, id, { status: 'cancelled', updated_at: nowIso() }, ['issued']);
  });
  return getPurchaseOrder(db, actor, id);
}

/**
 * Records a receipt: in one transaction, each line's received units grow (never past what was ordered),
 * the receipt and its lines are stored, stock on hand rises by the units, and the status becomes
 * partly received or received. Lines left out or at 0 receive nothing.
 */
export async function receivePurchaseOrder(db: Db, actor: Actor, id: string, input: ReceiptInput): Promise<PurchaseOrderDetail> {
  const wanted = input.lines.filter((l) => l.quantity > 0);
  if (!wanted.length) throw badRequest(M.nothingReceived, { lines: M.nothingReceived });
  if (new Set(wanted.map((l) => l.lineId)).size !== wanted.length) throw badRequest(M.lineNotFound, { lines: M.lineNotFound });
  await db.transaction().execute(async (trx) => {
    const po = await findPurchaseOrder(trx, actor.distributorId, id, { lock: true });
    if (!po) throw notFound(M.notFound);
    if (!OPEN_STATUSES.includes(po.status)) throw conflict(M.notReceivable);
    const lines = await findPurchaseOrderLines(trx, id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const w of wanted) {
      const line = byId.get(w.lineId);
      if (!line) throw badRequest(M.lineNotFound, { lines: M.lineNotFound });
      const left = outstanding({
        quantityOrdered: Number(line.quantity_ordered),
        quantityReceived: Number(line.quantity_received),
      });
      if (w.quantity > left)
        throw new AppError('OVER_RECEIPT', M.overReceipt(line.item_number, w.quantity, left), { status: 409 });
    }
    for (const w of wanted) {
      const line = byId.get(w.lineId)!;
      // The guarded update refuses what a concurrent receipt already took (the check above read before it).
      if (!(await addReceived(trx, w.lineId, w.quantity)))
        throw new AppError('OVER_RECEIPT', M.overReceipt(line.item_number, w.quantity, 0), { status: 409 });
    }
    const at = nowIso();
    await insertReceipt(
      trx,
      { id: newId(), purchase_order_id: id, received_by_user_id: actor.userId, received_at: at },
      wanted.map((w) => ({ line_id: w.lineId, quantity: w.quantity })),
    );
    await receiveStock(
      trx,
      actor.distributorId,
      wanted.map((w) => ({ productId: byId.get(w.lineId)!.product_id, quantity: w.quantity })),
    );
    const after = await findPurchaseOrderLines(trx, id);
    const status = statusAfterReceipt(
      after.map((l) => ({ quantityOrdered: Number(l.quantity_ordered), quantityReceived: Number(l.quantity_received) })),
    );
    await updatePurchaseOrder(trx, actor.distributorId, id, {
      status,
      updated_at: at,
      received_at: status === 'received' ? at : null,
    });
  });
  afterCatalogueWrite(db, actor.distributorId);
  return getPurchaseOrder(db, actor, id);
}

export async function purchaseOrderPdf(
  db: Db,
  actor: Actor,
  id: string,
  opts: { media: Pick<Config, 'media'>; compress?: boolean },
): Promise<{ poNumber: string; pdf: Buffer }> {
  const po = await getPurchaseOrder(db, actor, id);
  const [distributor, vendor] = await Promise.all([findDistributor(db, actor.distributorId), getVendor(db, actor, po.vendorId)]);
  if (!distributor) throw notFound(M.notFound);
  const logo = await imageForPdf(opts.media, distributor.logo_url);
  const pdf = await renderPurchaseOrderPdf({ distributor, vendor, purchaseOrder: po, logo, compress: opts.compress });
  return { poNumber: po.poNumber, pdf };
}
