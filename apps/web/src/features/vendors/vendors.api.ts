// The distributor's vendors (docs: /work/notes contract, issue 14 §3): a server-paged, sorted and searched
// list, create and edit, deactivate and reactivate (no hard delete: products keep their vendor), and
// one vendor's products.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import { api } from '../../lib/api';
import type { VendorBody, VendorListQuery, VendorProduct, VendorRow } from './vendors.types';

export const VENDORS_FAILED = 'Failed to fetch vendors';
export const VENDOR_SAVE_FAILED = 'Failed to save the vendor';
export const VENDOR_STATUS_FAILED = 'Failed to change the vendor';
export const VENDOR_PRODUCTS_FAILED = "Failed to fetch the vendor's products";

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

/** The list's query string: empty search left out. */
export function vendorListParams(q: VendorListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort, dir: q.dir });
  if (q.search) p.set('search', q.search);
  p.set('status', q.status);
  return p.toString();
}

export const vendorsApi = api.enhanceEndpoints({ addTagTypes: ['Vendors'] }).injectEndpoints({
  endpoints: (build) => ({
    getVendors: build.query<Paged<VendorRow>, VendorListQuery>({
      query: (q) => `/admin/vendors?${vendorListParams(q)}`,
      transformResponse: unwrap<Paged<VendorRow>>,
      providesTags: ['Vendors'],
    }),
    getVendorProducts: build.query<Paged<VendorProduct>, { id: string; page: number; limit: number }>({
      query: ({ id, page, limit }) => `/admin/vendors/${encodeURIComponent(id)}/products?page=${page}&limit=${limit}`,
      transformResponse: unwrap<Paged<VendorProduct>>,
      providesTags: ['Vendors'],
    }),
    createVendor: build.mutation<SuccessEnvelope<VendorRow>, VendorBody>({
      query: (body) => ({ url: '/admin/vendors', method: 'POST', body }),
      invalidatesTags: ['Vendors'],
    }),
    updateVendor: build.mutation<SuccessEnvelope<VendorRow>, { id: string } & VendorBody>({
      query: ({ id, ...body }) => ({ url: `/admin/vendors/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Vendors'],
    }),
    setVendorActive: build.mutation<SuccessEnvelope<VendorRow>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/admin/vendors/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Vendors'],
    }),
  }),
});

export const {
  useGetVendorsQuery,
  useGetVendorProductsQuery,
  useCreateVendorMutation,
  useUpdateVendorMutation,
  useSetVendorActiveMutation,
} = vendorsApi;
