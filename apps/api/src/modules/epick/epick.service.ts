// E-pick (issue 18 §3): the distributor's pick list settings, and the pick list of a delivery day's (or
// the chosen) confirmed and picking orders, built by the shared rules (@portal/shared/epick/pick-list)
// and answered as data, PDF or CSV (UTF-8 with BOM, formula-like cells neutralised).
import { stringify } from 'csv-stringify/sync';
import {
  EPICK_MESSAGES,
  settingsFromConfig,
  type EpickSettings,
  type PickList,
  type PickListBody,
} from '@portal/shared/epick/epick.schemas';
import { buildPickList, pickListRows, type PickInputOrder } from '@portal/shared/epick/pick-list';
import { neutraliseCell } from '@portal/shared/product-import/product-import.schemas';
import type { z } from 'zod';
import type { pickListBody } from '@portal/shared/epick/epick.schemas';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findDistributor } from '../customers/customers.service.ts';
import { imageForPdf } from '../media/media.service.ts';
import { distributorTimeZone } from '../settings/settings.service.ts';
import { findEpickConfig, findPickLines, findPickOrders, upsertEpickConfig } from './epick.repository.ts';
import { renderPickListPdf } from './pick-list-pdf.ts';

function parseConfig(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function getEpickSettings(db: Db, distributorId: string): Promise<EpickSettings> {
  return settingsFromConfig(parseConfig(await findEpickConfig(db, distributorId)));
}

/** Saves the four settings; other keys of the stored config are kept as they are. Audited. */
export async function saveEpickSettings(db: Db, actor: Actor, input: EpickSettings): Promise<EpickSettings> {
  await db.transaction().execute(async (trx) => {
    const stored = parseConfig(await findEpickConfig(trx, actor.distributorId));
    const before = settingsFromConfig(stored);
    await upsertEpickConfig(trx, actor.distributorId, JSON.stringify({ ...stored, ...input }), nowIso());
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'settings',
      entityId: actor.distributorId,
      action: 'e-pick settings updated',
      actor: { userId: actor.userId, name: actor.name },
      before: { ...before },
      after: { ...input },
    });
  });
  return getEpickSettings(db, actor.distributorId);
}

type PickListRequest = z.output<typeof pickListBody>;

/** The pick list as data (an empty list when no order qualifies). */
export async function pickList(db: Db, actor: Actor, body: PickListRequest): Promise<PickList> {
  const [settings, orders] = await Promise.all([
    getEpickSettings(db, actor.distributorId),
    findPickOrders(
      db,
      actor.distributorId,
      body.deliveryDate ? { deliveryDate: body.deliveryDate } : { orderIds: body.orderIds ?? [] },
    ),
  ]);
  const lines = await findPickLines(
    db,
    orders.map((o) => o.id),
  );
  const byOrder = new Map<string, PickInputOrder['lines'][number][]>();
  for (const l of lines)
    byOrder.set(l.order_id, [
      ...(byOrder.get(l.order_id) ?? []),
      {
        productId: l.product_id,
        itemNumber: l.item_number,
        description: l.description,
        upc: l.upc,
        pack: Number(l.pack),
        uom: l.uom,
        category: l.category ?? null,
        location: l.location ?? null,
        quantity: Number(l.quantity),
        unitPriceCents: Number(l.unit_price_cents),
        lineTotalCents: Number(l.line_total_cents),
      },
    ]);
  const input: PickInputOrder[] = orders.map((o) => ({
    orderId: o.id,
    orderNumber: o.order_number,
    status: o.status,
    cNumber: o.c_number,
    storeName: o.company_name,
    route: o.route_number,
    stop: o.stop_number,
    totalCents: Number(o.total_cents),
    lines: byOrder.get(o.id) ?? [],
  }));
  return buildPickList(input, settings, body.deliveryDate ?? null);
}

/** The list for a file: refused (404) when it holds no order, so nobody prints an empty sheet. */
async function nonEmptyPickList(db: Db, actor: Actor, body: PickListRequest): Promise<PickList> {
  const list = await pickList(db, actor, body);
  if (list.orderCount === 0)
    throw notFound(body.deliveryDate ? EPICK_MESSAGES.noOrders(body.deliveryDate) : EPICK_MESSAGES.noOrdersChosen);
  return list;
}

export async function pickListPdf(
  db: Db,
  actor: Actor,
  body: PickListRequest,
  opts: { media: Pick<Config, 'media'> },
): Promise<Buffer> {
  const list = await nonEmptyPickList(db, actor, body);
  const [distributor, timeZone] = await Promise.all([
    findDistributor(db, actor.distributorId),
    distributorTimeZone(db, actor.distributorId),
  ]);
  if (!distributor) throw notFound('Distributor not found');
  const logo = await imageForPdf(opts.media, distributor.logo_url);
  return renderPickListPdf({ list, companyName: distributor.company_name, logo, timeZone, printedAt: nowIso() });
}

/** UTF-8 with a BOM (spreadsheets read it as UTF-8), CRLF rows, every cell formula-safe. */
export async function pickListCsv(db: Db, actor: Actor, body: PickListRequest): Promise<string> {
  const list = await nonEmptyPickList(db, actor, body);
  return (
    '\uFEFF' +
    stringify(
      pickListRows(list).map((cells) => cells.map(neutraliseCell)),
      { record_delimiter: '\r\n' },
    )
  );
}

export function pickListFileName(body: PickListBody, ext: 'pdf' | 'csv'): string {
  return `pick-list-${body.deliveryDate ?? 'selected'}.${ext}`;
}
