// The office's receivables (/admin/account, issue 18 §1): the ageing list and its filters' choices, a
// store's ledger, recording payments, credits and adjustments, e-mailing a statement or a reminder, and
// downloading the ageing CSV and a statement PDF (files fetched with the session's token).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  AdjustmentInput,
  AgeingList,
  AgeingShow,
  AgeingSortKey,
  Ledger,
  PaymentInput,
  SendKind,
} from '@portal/shared/receivables/receivables.schemas';
import type { LedgerSortKey } from '@portal/shared/api/sort';
import { API_BASE, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export const AGEING_FAILED = 'Failed to fetch the ageing';
export const LEDGER_FAILED = "Failed to fetch the store's ledger";
export const SAVE_FAILED = 'Failed to record the entry';
export const SEND_FAILED = 'Failed to send the e-mail';
export const DOWNLOAD_FAILED = 'Failed to download the file';

export interface AgeingListQuery {
  page: number;
  limit: number;
  sort: AgeingSortKey;
  dir: 'asc' | 'desc';
  search: string;
  route: string;
  salesRepId: string;
  show: AgeingShow;
}

/** The filters as a query string, empty ones left out (the CSV takes the same without paging). */
export function ageingParams(q: Omit<AgeingListQuery, 'page' | 'limit'> & { page?: number; limit?: number }): string {
  const p = new URLSearchParams();
  if (q.page) p.set('page', String(q.page));
  if (q.limit) p.set('limit', String(q.limit));
  p.set('sort', q.sort);
  p.set('dir', q.dir);
  if (q.search) p.set('search', q.search);
  if (q.route) p.set('route', q.route);
  if (q.salesRepId) p.set('salesRepId', q.salesRepId);
  p.set('show', q.show);
  return p.toString();
}

export interface LedgerArgs {
  customerId: string;
  page: number;
  limit: number;
  sort: LedgerSortKey;
  dir: 'asc' | 'desc';
}

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const id = (customerId: string) => encodeURIComponent(customerId);

export const receivablesApi = api.enhanceEndpoints({ addTagTypes: ['Receivables'] }).injectEndpoints({
  endpoints: (build) => ({
    getAgeing: build.query<AgeingList, AgeingListQuery>({
      query: (q) => `/admin/receivables/ageing?${ageingParams(q)}`,
      transformResponse: unwrap<AgeingList>,
      providesTags: ['Receivables'],
    }),
    getReceivableChoices: build.query<{ salesReps: { id: string; name: string }[]; routes: string[] }, void>({
      query: () => '/admin/receivables/choices',
      transformResponse: unwrap<{ salesReps: { id: string; name: string }[]; routes: string[] }>,
    }),
    getLedger: build.query<Ledger, LedgerArgs>({
      query: ({ customerId, page, limit, sort, dir }) =>
        `/admin/receivables/${id(customerId)}?page=${page}&limit=${limit}&sort=${sort}&dir=${dir}`,
      transformResponse: unwrap<Ledger>,
      providesTags: ['Receivables'],
    }),
    recordPayment: build.mutation<
      SuccessEnvelope<{ entryId: string; balanceCents: number }>,
      { customerId: string; body: PaymentInput }
    >({
      query: ({ customerId, body }) => ({ url: `/admin/receivables/${id(customerId)}/payments`, method: 'POST', body }),
      invalidatesTags: ['Receivables'],
    }),
    recordAdjustment: build.mutation<
      SuccessEnvelope<{ entryId: string; balanceCents: number }>,
      { customerId: string; body: AdjustmentInput }
    >({
      query: ({ customerId, body }) => ({ url: `/admin/receivables/${id(customerId)}/adjustments`, method: 'POST', body }),
      invalidatesTags: ['Receivables'],
    }),
    sendToStore: build.mutation<
      SuccessEnvelope<{ recipients: string[]; queued: number }>,
      { customerId: string; kind: SendKind }
    >({
      query: ({ customerId, kind }) => ({ url: `/admin/receivables/${id(customerId)}/send`, method: 'POST', body: { kind } }),
    }),
  }),
});

export const {
  useGetAgeingQuery,
  useGetReceivableChoicesQuery,
  useGetLedgerQuery,
  useRecordPaymentMutation,
  useRecordAdjustmentMutation,
  useSendToStoreMutation,
} = receivablesApi;

/** Downloads an API file (CSV, PDF) with the session's token, under the name the server gives it. */
export async function downloadFile(apiPath: string, fallbackName: string): Promise<void> {
  const token = storage.getToken();
  const res = await fetch(`${API_BASE}${apiPath}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || DOWNLOAD_FAILED);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
