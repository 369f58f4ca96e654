// Accounting exports (back office, issue 18 §6): the distributor's orders, invoices and payments of a period
// as CSV (platform/csv-export.ts: UTF-8 with BOM, formula-safe). Orders and invoices come from the orders
// (an order is invoiced when placed: the invoice number is the order number); payments from the receivables
// ledger's payment entries. Times are UTC; amounts are dollars with 2 decimals. See docs/webhooks.md.
import type { Readable } from 'node:stream';
import { centsToDecimalString } from '@portal/shared/money/money';
import { EXPORT_COLUMNS, type AccountingExport, type ExportPeriod } from '@portal/shared/webhooks/webhooks.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { csvDownload } from '../../platform/csv-export.ts';
import { ordersForExport } from '../orders/orders.service.ts';
import { paymentsForExport } from '../receivables/receivables.service.ts';

const PAGE = 500;
const money = (cents: number) => centsToDecimalString(cents);

/** [from, to] whole UTC days as the [from, before) times stored rows are compared with. */
export function periodRange(period: ExportPeriod): { from: string; before: string } {
  const from = `${period.from}T00:00:00.000Z`;
  const before = new Date(Date.parse(`${period.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  return { from, before };
}

export function exportFileName(kind: AccountingExport, period: ExportPeriod): string {
  return `${kind}-${period.from}-to-${period.to}.csv`;
}

export function accountingExportCsv(db: Db, actor: Actor, kind: AccountingExport, period: ExportPeriod): Readable {
  const range = { distributorId: actor.distributorId, ...periodRange(period) };
  let after: { createdAt: string; id: string } | null = null;
  let done = false;

  const page = async (): Promise<(string | number | null)[][]> => {
    if (done) return [];
    if (kind === 'payments') {
      const rows = await paymentsForExport(db, { ...range, after, limit: PAGE });
      if (rows.length < PAGE) done = true;
      const last = rows[rows.length - 1];
      if (last) after = { createdAt: last.createdAt, id: last.id };
      return rows.map((p) => [p.createdAt, p.reference, p.customerNumber, p.customerName, money(p.amountCents), p.note]);
    }
    const rows = await ordersForExport(db, { ...range, after, limit: PAGE });
    if (rows.length < PAGE) done = true;
    const last = rows[rows.length - 1];
    if (last) after = { createdAt: last.createdAt, id: last.id };
    if (kind === 'orders') {
      return rows.map((o) => [
        o.orderNumber,
        o.createdAt,
        o.statusLabel,
        o.customerNumber,
        o.customerName,
        o.poNumber,
        o.itemCount,
        money(o.subtotalCents),
        money(o.taxCents),
        money(o.crvCents),
        money(o.deliveryChargeCents),
        money(o.totalCents),
      ]);
    }
    return rows.map((o) => [
      o.orderNumber,
      o.createdAt,
      o.orderNumber,
      o.customerNumber,
      o.customerName,
      money(o.subtotalCents),
      money(o.taxCents),
      money(o.crvCents),
      money(o.deliveryChargeCents),
      money(o.totalCents),
      o.status === 'cancelled' ? 'Cancelled (credited)' : 'Open',
    ]);
  };

  return csvDownload(EXPORT_COLUMNS[kind], page);
}
