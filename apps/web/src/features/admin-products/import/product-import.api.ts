// The product import's calls (docs/admin-catalog.md "Import and export"): upload the file's bytes,
// list the recent imports, read one (progress while it applies), dry run with a mapping, apply, roll back; and file
// downloads (rejected rows, the export) fetched with the session's token.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { DryRunResult, ImportList, ImportMapping, ImportRecord } from '@portal/shared/product-import/product-import.schemas';
import { API_BASE, api } from '../../../lib/api';
import { storage } from '../../../lib/storage';

export const UPLOAD_FAILED = 'Failed to read the file';
export const DRY_RUN_FAILED = 'Failed to run the dry run';
export const APPLY_FAILED = 'Failed to start the import';
export const OPEN_FAILED = 'Failed to open the import';
export const ROLLBACK_FAILED = 'Failed to roll back the import';
export const DOWNLOAD_FAILED = 'Failed to download the file';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const path = (id: string) => `/admin/product-imports/${encodeURIComponent(id)}`;

export const productImportApi = api.enhanceEndpoints({ addTagTypes: ['ProductImport'] }).injectEndpoints({
  endpoints: (build) => ({
    // The body is the file's bytes as they are: the server tells a workbook by its bytes and decodes CSV
    // text (UTF-8, else Windows-1252).
    uploadProductImport: build.mutation<ImportRecord, File>({
      async queryFn(file, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: `/admin/product-imports?fileName=${encodeURIComponent(file.name)}`,
          method: 'POST',
          body: new Uint8Array(await file.arrayBuffer()),
          headers: { 'content-type': file.type || 'application/octet-stream' },
        });
        if (result.error) return { error: result.error };
        return { data: (result.data as SuccessEnvelope<ImportRecord>).data };
      },
      invalidatesTags: [{ type: 'ProductImport', id: 'LIST' }],
    }),
    listProductImports: build.query<ImportList, { page: number; limit: number }>({
      query: (params) => ({ url: '/admin/product-imports', params }),
      transformResponse: unwrap<ImportList>,
      providesTags: [{ type: 'ProductImport', id: 'LIST' }],
    }),
    getProductImport: build.query<ImportRecord, string>({
      query: (id) => path(id),
      transformResponse: unwrap<ImportRecord>,
      providesTags: (_r, _e, id) => [{ type: 'ProductImport', id }],
    }),
    dryRunProductImport: build.mutation<DryRunResult, { id: string; mapping: ImportMapping }>({
      query: ({ id, mapping }) => ({ url: `${path(id)}/dry-run`, method: 'POST', body: { mapping } }),
      transformResponse: unwrap<DryRunResult>,
    }),
    applyProductImport: build.mutation<ImportRecord, string>({
      query: (id) => ({ url: `${path(id)}/apply`, method: 'POST' }),
      transformResponse: unwrap<ImportRecord>,
      invalidatesTags: (_r, _e, id) => [
        { type: 'ProductImport', id },
        { type: 'ProductImport', id: 'LIST' },
      ],
    }),
    rollbackProductImport: build.mutation<ImportRecord, string>({
      query: (id) => ({ url: `${path(id)}/rollback`, method: 'POST' }),
      transformResponse: unwrap<ImportRecord>,
      invalidatesTags: (_r, _e, id) => [
        { type: 'ProductImport', id },
        { type: 'ProductImport', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useUploadProductImportMutation,
  useListProductImportsQuery,
  useLazyGetProductImportQuery,
  useDryRunProductImportMutation,
  useApplyProductImportMutation,
  useRollbackProductImportMutation,
} = productImportApi;

export const rejectedRowsPath = (id: string) => `${path(id)}/rejected.csv`;

/** Fetches a file from the API with the session's token and hands it to the browser as a download. */
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
