// Sales reports (docs/admin-reports.md): GET /admin/reports/sales for a page of a report, and the CSV
// of every row downloaded with the session's token (GET /admin/reports/sales.csv).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { ReportKind, ReportSortKey, SalesReport } from '@portal/shared/reports/reports.schemas';
import { API_BASE, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export const REPORT_FAILED = 'Failed to fetch the report';
export const EXPORT_FAILED = 'Failed to export the report';

export interface ReportArgs {
  by: ReportKind;
  from?: string;
  to?: string;
  page: number;
  limit: number;
  sort: ReportSortKey;
  dir: 'asc' | 'desc';
}

/** The query string of a report; an absent period asks for the API's default (the last 30 days). */
export function reportQuery(a: Omit<ReportArgs, 'page' | 'limit'> & { page?: number; limit?: number }): string {
  const p = new URLSearchParams({ by: a.by });
  if (a.from) p.set('from', a.from);
  if (a.to) p.set('to', a.to);
  if (a.page) p.set('page', String(a.page));
  if (a.limit) p.set('limit', String(a.limit));
  p.set('sort', a.sort);
  p.set('dir', a.dir);
  return p.toString();
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalesReport: build.query<SalesReport, ReportArgs>({
      query: (a) => `/admin/reports/sales?${reportQuery(a)}`,
      transformResponse: (r: SuccessEnvelope<SalesReport>) => r.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetSalesReportQuery } = reportsApi;

/** Downloads the report's CSV under the server's file name. */
export async function downloadReportCsv(a: Omit<ReportArgs, 'page' | 'limit'>): Promise<void> {
  const token = storage.getToken();
  const res = await fetch(`${API_BASE}/admin/reports/sales.csv?${reportQuery(a)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || EXPORT_FAILED);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `sales-by-${a.by}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
