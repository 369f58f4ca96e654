// The distributor's products (docs/admin-catalog.md "Products"): the server-paged, sorted, searched and
// filtered list, one product to edit, create and update, deactivate and reactivate, and the bulk edit
// of selected products (a preview of what would change, then apply).
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import { api } from '../../lib/api';
import type {
  BulkApply,
  BulkEditBody,
  BulkPreview,
  ProductBody,
  ProductDetail,
  ProductListQuery,
  ProductRow,
} from './admin-products.types';

export const PRODUCTS_FAILED = 'Failed to fetch products';
export const PRODUCT_FAILED = 'Failed to fetch the product';
export const PRODUCT_SAVE_FAILED = 'Failed to save the product';
export const PRODUCT_STATUS_FAILED = 'Failed to change the product';
export const BULK_PREVIEW_FAILED = 'Failed to preview the changes';
export const BULK_APPLY_FAILED = 'Failed to apply the changes';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

const PAGING = new Set(['page', 'limit', 'sort', 'dir']);

/** The list's query string: filters at their "any" value (empty) are left out. */
export function productListParams(q: ProductListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort, dir: q.dir });
  for (const [key, value] of Object.entries(q)) if (!PAGING.has(key) && value !== '') p.set(key, String(value));
  return p.toString();
}

const TAG = 'AdminProducts';

/** Marks every product list and product as stale (after an import applied or rolled back in the background). */
export const productsChanged = () => adminProductsApi.util.invalidateTags([TAG]);

export const adminProductsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<Paged<ProductRow>, ProductListQuery>({
      query: (q) => `/admin/products?${productListParams(q)}`,
      transformResponse: unwrap<Paged<ProductRow>>,
      providesTags: [TAG],
    }),
    getProductBrands: build.query<string[], void>({
      query: () => '/admin/products/brands',
      transformResponse: (r: SuccessEnvelope<{ items: string[] }>) => r.data.items,
      providesTags: [TAG],
    }),
    getAdminProduct: build.query<ProductDetail, string>({
      query: (id) => `/admin/products/${encodeURIComponent(id)}`,
      transformResponse: unwrap<ProductDetail>,
      providesTags: [TAG],
    }),
    createProduct: build.mutation<SuccessEnvelope<ProductDetail>, ProductBody>({
      query: (body) => ({ url: '/admin/products', method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    updateProduct: build.mutation<SuccessEnvelope<ProductDetail>, { id: string; body: ProductBody }>({
      query: ({ id, body }) => ({ url: `/admin/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
    setProductActive: build.mutation<SuccessEnvelope<unknown>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/admin/products/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`,
        method: 'POST',
      }),
      invalidatesTags: [TAG],
    }),
    previewBulkEdit: build.mutation<BulkPreview, BulkEditBody>({
      query: (body) => ({ url: '/admin/products/bulk/preview', method: 'POST', body }),
      transformResponse: unwrap<BulkPreview>,
    }),
    applyBulkEdit: build.mutation<SuccessEnvelope<BulkApply>, BulkEditBody>({
      query: (body) => ({ url: '/admin/products/bulk/apply', method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useGetProductBrandsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetProductActiveMutation,
  usePreviewBulkEditMutation,
  useApplyBulkEditMutation,
} = adminProductsApi;
