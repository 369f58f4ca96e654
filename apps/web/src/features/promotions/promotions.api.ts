// The distributor's promotions and banners (/admin/promotions, /admin/banners; docs/admin-catalog.md):
// server-paged lists by status, create and edit, deactivate and reactivate, and a promotion's price
// preview for one customer, and what the forms choose from (/admin/promotions/choices).
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type { PromotionSortKey } from '@portal/shared/api/sort';
import type {
  BannerBody,
  BannerRow,
  PromotionBody,
  PromotionPreview,
  PromotionRow,
  PromotionStatusFilter,
} from '@portal/shared/promotions/promotions.schemas';
import type { PromoChoice, PromoChoiceKind } from '@portal/shared/promotions/promo-choices.schemas';
import { api } from '../../lib/api';

export const PROMOTIONS_FAILED = 'Failed to fetch promotions';
export const BANNERS_FAILED = 'Failed to fetch banners';
export const PROMO_SAVE_FAILED = 'Failed to save';
export const PROMO_STATUS_FAILED = 'Failed to change the status';
export const PREVIEW_FAILED = 'Failed to price the preview';
export const CHOICES_FAILED = 'Failed to fetch the choices';

export interface PromoListQuery {
  page: number;
  limit: number;
  sort: PromotionSortKey;
  dir: 'asc' | 'desc';
  search: string;
  status: PromotionStatusFilter;
}

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

function listParams(q: PromoListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort, dir: q.dir, status: q.status });
  if (q.search) p.set('search', q.search);
  return p.toString();
}

const id = (v: string) => encodeURIComponent(v);

export const promotionsApi = api.enhanceEndpoints({ addTagTypes: ['Promotions', 'Banners'] }).injectEndpoints({
  endpoints: (build) => ({
    getPromotions: build.query<Paged<PromotionRow>, PromoListQuery>({
      query: (q) => `/admin/promotions?${listParams(q)}`,
      transformResponse: unwrap<Paged<PromotionRow>>,
      providesTags: ['Promotions'],
    }),
    getBanners: build.query<Paged<BannerRow>, PromoListQuery>({
      query: (q) => `/admin/banners?${listParams(q)}`,
      transformResponse: unwrap<Paged<BannerRow>>,
      providesTags: ['Banners'],
    }),
    getPromotionPreview: build.query<PromotionPreview, { promotionId: string; customerId: string }>({
      query: ({ promotionId, customerId }) => `/admin/promotions/${id(promotionId)}/preview?customerId=${id(customerId)}`,
      transformResponse: unwrap<PromotionPreview>,
      providesTags: ['Promotions'],
    }),
    /** A search's first choices, or the labels of named values (comma-separated). */
    getPromoChoices: build.query<PromoChoice[], { kind: PromoChoiceKind; search?: string; values?: string }>({
      query: ({ kind, search, values }) => ({ url: '/admin/promotions/choices', params: { kind, search, values } }),
      transformResponse: (r: SuccessEnvelope<{ items: PromoChoice[] }>) => r.data.items,
    }),
    savePromotion: build.mutation<SuccessEnvelope<PromotionRow>, { id: string | null; body: PromotionBody }>({
      query: ({ id: pid, body }) =>
        pid ? { url: `/admin/promotions/${id(pid)}`, method: 'PUT', body } : { url: '/admin/promotions', method: 'POST', body },
      invalidatesTags: ['Promotions'],
    }),
    saveBanner: build.mutation<SuccessEnvelope<BannerRow>, { id: string | null; body: BannerBody }>({
      query: ({ id: bid, body }) =>
        bid ? { url: `/admin/banners/${id(bid)}`, method: 'PUT', body } : { url: '/admin/banners', method: 'POST', body },
      invalidatesTags: ['Banners'],
    }),
    setPromoActive: build.mutation<SuccessEnvelope<unknown>, { kind: 'promotions' | 'banners'; id: string; active: boolean }>({
      query: ({ kind, id: rid, active }) => ({
        url: `/admin/${kind}/${id(rid)}/${active ? 'reactivate' : 'deactivate'}`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, arg) => [arg.kind === 'promotions' ? 'Promotions' : 'Banners'],
    }),
  }),
});

export const {
  useGetPromotionsQuery,
  useGetBannersQuery,
  useGetPromotionPreviewQuery,
  useGetPromoChoicesQuery,
  useSavePromotionMutation,
  useSaveBannerMutation,
  useSetPromoActiveMutation,
} = promotionsApi;
