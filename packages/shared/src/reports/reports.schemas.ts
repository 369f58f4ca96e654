// Sales reports (issue 18 §5, docs/admin-reports.md): for a period of the distributor's local days,
// sales by day, category, product, store, rep or route, as a paged and sorted table, a chart and CSV.
import { z } from 'zod';
import { sortFields } from '../api/sort.schemas.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { DASHBOARD_MESSAGES, isDay } from '../dashboard/distributor-dashboard.schemas.ts';

export const REPORT_KINDS = ['day', 'category', 'product', 'store', 'rep', 'route'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_LABELS: Record<ReportKind, string> = {
  day: 'Sales by day',
  category: 'Sales by category',
  product: 'Sales by product',
  store: 'Sales by store',
  rep: 'Sales by rep',
  route: 'Sales by route',
};

/** What a row is named in each report's first column. */
export const REPORT_ROW_NAMES: Record<ReportKind, string> = {
  day: 'Day',
  category: 'Category',
  product: 'Product',
  store: 'Store',
  rep: 'Rep',
  route: 'Route',
};

export const REPORT_SORT_KEYS = ['name', 'orders', 'quantity', 'amount'] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export const REPORT_DEFAULT_LIMIT = 25;
export const REPORT_MAX_LIMIT = 100;
/** Bars or points in a report's chart: every day of the period, else the best rows by amount. */
export const REPORT_CHART_ROWS = 10;

export const REPORT_MESSAGES = {
  fetched: 'Report fetched successfully',
  by: `by must be one of: ${REPORT_KINDS.join(', ')}`,
} as const;

const day = (name: 'from' | 'to') =>
  z
    .string({ error: DASHBOARD_MESSAGES.day(name) })
    .trim()
    .refine((v) => v === '' || isDay(v), DASHBOARD_MESSAGES.day(name))
    .optional()
    .transform((v) => (v ? v : undefined));

const reportFilters = {
  by: z.enum(REPORT_KINDS, { error: REPORT_MESSAGES.by }).default('day'),
  from: day('from'),
  to: day('to'),
};

/** GET /admin/reports/sales */
export const salesReportQuery = z.object({
  ...reportFilters,
  page: pageField.default(1),
  limit: limitField(REPORT_DEFAULT_LIMIT, REPORT_MAX_LIMIT),
  ...sortFields(REPORT_SORT_KEYS),
});
export type SalesReportQuery = z.input<typeof salesReportQuery>;

/** GET /admin/reports/sales.csv: the same report, every row. */
export const salesReportCsvQuery = z.object({ ...reportFilters, ...sortFields(REPORT_SORT_KEYS) });
export type SalesReportCsvQuery = z.input<typeof salesReportCsvQuery>;

const row = z.object({
  /** the day, or the category's, product's, store's or rep's id, or the route number; '' = none */
  key: z.string(),
  name: z.string(),
  /** item number, C_Number or rep code; '' when the row has none */
  code: z.string(),
  /** orders (other than cancelled) in the row; null by category (an order spans categories) */
  orders: z.number().nullable(),
  quantity: z.number(),
  amountCents: z.number(),
});
export type SalesReportRow = z.infer<typeof row>;

export const salesReportSchema = z.object({
  by: z.enum(REPORT_KINDS),
  timeZone: z.string(),
  /** the distributor's today (its time zone) */
  today: z.string(),
  period: z.object({ from: z.string(), to: z.string(), days: z.number() }),
  /** 'order' (order totals: lines, tax, CRV, delivery) or 'line' (line totals) */
  amountBasis: z.enum(['order', 'line']),
  totals: z.object({ orders: z.number().nullable(), quantity: z.number(), amountCents: z.number() }),
  items: z.array(row),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  sort: z.enum(REPORT_SORT_KEYS),
  dir: z.enum(['asc', 'desc']),
  chart: z.array(row),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** Each report's starting order: days in calendar order, the rest by amount, largest first. */
export function defaultReportSort(by: ReportKind): { sort: ReportSortKey; dir: 'asc' | 'desc' } {
  return by === 'day' ? { sort: 'name', dir: 'asc' } : { sort: 'amount', dir: 'desc' };
}
