// Sales reports (issue 18 §5, docs/admin-reports.md): one grouped read of the orders module's per-day
// roll-ups for the period, then sorted, paged and charted here (at most one row per product sold).
import { stringify } from 'csv-stringify/sync';
import { addDays, resolvePeriod } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { centsToDollars } from '@portal/shared/money/money';
import { neutraliseCell } from '@portal/shared/product-import/product-import.schemas';
import {
  REPORT_CHART_ROWS,
  REPORT_ROW_NAMES,
  defaultReportSort,
  type ReportKind,
  type ReportSortKey,
  type SalesReport,
  type SalesReportRow,
} from '@portal/shared/reports/reports.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { now } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { localDay } from '../../platform/time-zone.ts';
import {
  freshSalesSummary,
  salesGrouped,
  salesPerProductInChunks,
  salesPerProductPage,
  type SalesGroupRow,
} from '../orders/orders.service.ts';

/** What a row with no category, rep or route is called. */
export const NONE_LABELS: Partial<Record<ReportKind, string>> = {
  category: 'No category',
  rep: 'No rep',
  route: 'No route',
};

interface Filters {
  by: ReportKind;
  from?: string;
  to?: string;
  sort?: ReportSortKey;
  dir?: 'asc' | 'desc';
}

function fieldOf(message: string): Record<string, string> {
  return message.startsWith('to') ? { to: message } : { from: message };
}

const toRow = (by: ReportKind, x: SalesGroupRow): SalesReportRow => ({
  key: x.key,
  name: x.key === '' ? (NONE_LABELS[by] ?? '') : x.name || x.key,
  code: x.code,
  orders: x.orders,
  quantity: x.quantity,
  amountCents: x.cents,
});

function compare(sort: ReportSortKey): (a: SalesReportRow, b: SalesReportRow) => number {
  switch (sort) {
    case 'orders':
      return (a, b) => (a.orders ?? 0) - (b.orders ?? 0);
    case 'quantity':
      return (a, b) => a.quantity - b.quantity;
    case 'amount':
      return (a, b) => a.amountCents - b.amountCents;
    default:
      return (a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code, 'en');
  }
}

async function periodOf(db: Db, actor: Actor, f: Filters) {
  const timeZone = await freshSalesSummary(db, actor.distributorId);
  const today = localDay(now(), timeZone);
  const resolved = resolvePeriod({ from: f.from, to: f.to }, today);
  if (!resolved.ok) throw badRequest(resolved.message, fieldOf(resolved.message));
  const fallback = defaultReportSort(f.by);
  const sort = f.sort ?? fallback.sort;
  const dir = f.dir ?? (f.sort ? (f.sort === 'name' ? 'asc' : 'desc') : fallback.dir);
  return { timeZone, today, period: resolved.period, sort, dir };
}

/** Every row of the report, sorted: a few hundred at most except by product (see `salesReport`). */
async function reportRows(db: Db, actor: Actor, f: Filters & { by: Exclude<ReportKind, 'product'> }) {
  const { timeZone, today, period, sort, dir } = await periodOf(db, actor, f);
  let rows = (await salesGrouped(db, f.by, { distributorId: actor.distributorId, ...period })).map((x) => toRow(f.by, x));
  if (f.by === 'day') {
    // Every day of the period, a day without sales at 0.
    const seen = new Map(rows.map((x) => [x.key, x]));
    rows = [];
    for (let d = period.from; d <= period.to; d = addDays(d, 1))
      rows.push(seen.get(d) ?? { key: d, name: d, code: '', orders: 0, quantity: 0, amountCents: 0 });
  }
  const cmp = compare(sort);
  const tie = compare('name');
  rows.sort((a, b) => (dir === 'asc' ? cmp(a, b) : cmp(b, a)) || tie(a, b) || a.key.localeCompare(b.key));
  return { timeZone, today, period, rows, sort, dir };
}

export async function salesReport(db: Db, actor: Actor, q: Filters & { page: number; limit: number }): Promise<SalesReport> {
  const { timeZone, today, period, sort, dir, items, chart, total, totals } = await reportPage(db, actor, q);
  return {
    by: q.by,
    timeZone,
    today,
    period,
    amountBasis: q.by === 'product' || q.by === 'category' ? 'line' : 'order',
    totals,
    items,
    total,
    page: q.page,
    limit: q.limit,
    sort,
    dir,
    chart,
  };
}

/** The page asked for, the chart and the totals of a report. */
async function reportPage(db: Db, actor: Actor, q: Filters & { page: number; limit: number }) {
  if (q.by === 'product') {
    // One row per product sold: the database sorts, pages and sums (orders.service salesPerProductPage).
    const p = await periodOf(db, actor, q);
    const r = await salesPerProductPage(db, {
      distributorId: actor.distributorId,
      ...p.period,
      sort: p.sort,
      dir: p.dir,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      chartRows: REPORT_CHART_ROWS,
    });
    return {
      ...p,
      items: r.items.map((x) => toRow('product', x)),
      chart: r.chart.map((x) => toRow('product', x)),
      total: r.total,
      totals: { orders: r.totals.orders, quantity: r.totals.quantity, amountCents: r.totals.cents },
    };
  }
  const r = await reportRows(db, actor, { ...q, by: q.by });
  const { rows } = r;
  const sum = (k: 'quantity' | 'amountCents') => rows.reduce((n, x) => n + x[k], 0);
  return {
    ...r,
    items: rows.slice((q.page - 1) * q.limit, q.page * q.limit),
    chart:
      q.by === 'day'
        ? [...rows].sort((a, b) => a.key.localeCompare(b.key))
        : [...rows]
            .sort((a, b) => b.amountCents - a.amountCents || a.name.localeCompare(b.name, 'en'))
            .slice(0, REPORT_CHART_ROWS),
    total: rows.length,
    totals: {
      orders: q.by === 'category' ? null : rows.reduce((n, x) => n + (x.orders ?? 0), 0),
      quantity: sum('quantity'),
      amountCents: sum('amountCents'),
    },
  };
}

/** The whole report as CSV: UTF-8 with a BOM, CRLF, every text cell a spreadsheet would run as a formula neutralised. */
export async function salesReportCsv(db: Db, actor: Actor, q: Filters): Promise<{ csv: string; fileName: string }> {
  const hasCode = q.by === 'product' || q.by === 'store' || q.by === 'rep';
  const header = [
    REPORT_ROW_NAMES[q.by],
    ...(hasCode ? [q.by === 'product' ? 'Item number' : q.by === 'store' ? 'C_Number' : 'Rep code'] : []),
    ...(q.by === 'category' ? [] : ['Orders']),
    'Quantity',
    'Amount',
  ];
  // Names and codes are the text a store or the office typed: a formula there is neutralised; the
  // figures are written as plain numbers.
  const line = (x: SalesReportRow) => [
    neutraliseCell(x.name),
    ...(hasCode ? [neutraliseCell(x.code)] : []),
    ...(q.by === 'category' ? [] : [String(x.orders ?? 0)]),
    String(x.quantity),
    centsToDollars(x.amountCents).toFixed(2),
  ];
  const write = (records: string[][]) => stringify(records, { record_delimiter: '\r\n' });
  const parts = ['\uFEFF' + write([header])];
  let period;
  if (q.by === 'product') {
    // Up to one row per product of the catalogue: written a chunk at a time as the rows arrive.
    const p = await periodOf(db, actor, q);
    period = p.period;
    for await (const rows of salesPerProductInChunks(db, { distributorId: actor.distributorId, ...period, ...p })) {
      parts.push(write(rows.map((x) => line(toRow('product', x)))));
    }
  } else {
    const r = await reportRows(db, actor, { ...q, by: q.by });
    period = r.period;
    parts.push(write(r.rows.map(line)));
  }
  return { csv: parts.join(''), fileName: `sales-by-${q.by}-${period.from}-to-${period.to}.csv` };
}
