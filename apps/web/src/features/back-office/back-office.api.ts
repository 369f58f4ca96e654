// The back office's calls (docs/webhooks.md): webhook endpoints (list, add — the answer carries the secret
// once —, edit, delete, new secret, test delivery), the delivery history, and the accounting CSV downloads
// fetched with the session's token.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  AccountingExport,
  ExportPeriod,
  WebhookDelivery,
  WebhookDeliverySortKey,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
} from '@portal/shared/webhooks/webhooks.schemas';
import { API_BASE, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export const ENDPOINTS_FAILED = 'Failed to fetch webhook endpoints';
export const DELIVERIES_FAILED = 'Failed to fetch webhook deliveries';
export const ENDPOINT_SAVE_FAILED = 'Failed to save the webhook endpoint';
export const ENDPOINT_DELETE_FAILED = 'Failed to delete the webhook endpoint';
export const TEST_FAILED = 'Failed to send a test delivery';
export const DOWNLOAD_FAILED = 'Failed to download the export';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const path = (id: string) => `/admin/back-office/webhooks/${encodeURIComponent(id)}`;

export interface DeliveryQuery {
  page: number;
  limit: number;
  sort?: WebhookDeliverySortKey;
  dir?: 'asc' | 'desc';
  endpointId?: string;
  status?: WebhookDeliveryStatus;
}

export function deliveryParams(q: DeliveryQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit) });
  if (q.endpointId) p.set('endpointId', q.endpointId);
  if (q.status) p.set('status', q.status);
  if (q.sort) p.set('sort', q.sort);
  if (q.dir) p.set('dir', q.dir);
  return p.toString();
}

export const backOfficeApi = api.enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookDeliveries'] }).injectEndpoints({
  endpoints: (build) => ({
    getWebhookEndpoints: build.query<Paged<WebhookEndpoint>, { page: number; limit: number }>({
      query: ({ page, limit }) => `/admin/back-office/webhooks?page=${page}&limit=${limit}`,
      transformResponse: unwrap<Paged<WebhookEndpoint>>,
      providesTags: ['Webhooks'],
    }),
    getWebhookDeliveries: build.query<Paged<WebhookDelivery>, DeliveryQuery>({
      query: (q) => `/admin/back-office/webhook-deliveries?${deliveryParams(q)}`,
      transformResponse: unwrap<Paged<WebhookDelivery>>,
      providesTags: ['WebhookDeliveries'],
    }),
    createWebhookEndpoint: build.mutation<SuccessEnvelope<WebhookEndpointWithSecret>, WebhookEndpointInput>({
      query: (body) => ({ url: '/admin/back-office/webhooks', method: 'POST', body }),
      invalidatesTags: ['Webhooks'],
    }),
    updateWebhookEndpoint: build.mutation<SuccessEnvelope<WebhookEndpoint>, { id: string } & WebhookEndpointInput>({
      query: ({ id, ...body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: ['Webhooks'],
    }),
    deleteWebhookEndpoint: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: ['Webhooks', 'WebhookDeliveries'],
    }),
    rotateWebhookSecret: build.mutation<SuccessEnvelope<WebhookEndpointWithSecret>, string>({
      query: (id) => ({ url: `${path(id)}/secret`, method: 'POST' }),
      invalidatesTags: ['Webhooks'],
    }),
    testWebhookEndpoint: build.mutation<SuccessEnvelope<WebhookDelivery>, string>({
      query: (id) => ({ url: `${path(id)}/test`, method: 'POST' }),
      invalidatesTags: ['Webhooks', 'WebhookDeliveries'],
    }),
  }),
});

export const {
  useGetWebhookEndpointsQuery,
  useGetWebhookDeliveriesQuery,
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useTestWebhookEndpointMutation,
} = backOfficeApi;

export const exportPath = (kind: AccountingExport, period: ExportPeriod) =>
  `/admin/back-office/exports/${kind}.csv?from=${period.from}&to=${period.to}`;

/** Fetches the CSV with the session's token and hands it to the browser as a download. */
export async function downloadExport(kind: AccountingExport, period: ExportPeriod): Promise<void> {
  const token = storage.getToken();
  const res = await fetch(`${API_BASE}${exportPath(kind, period)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || DOWNLOAD_FAILED);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
