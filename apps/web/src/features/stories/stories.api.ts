// Story calls (spec §7 Stories): the office's list, switch and soft delete under /distrubutor/stories,
// the retailer's running stories and viewed marks under /retailer/story. The upload itself goes through
// story-upload.ts (XMLHttpRequest, for its progress) and then invalidates the office list.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { OfficeStory, OfficeStoryList, RetailerStory } from '@portal/shared/stories/stories.schemas';
import { api } from '../../lib/api';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const storiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOfficeStories: build.query<OfficeStoryList, { page: number; limit: number }>({
      query: ({ page, limit }) => `/distrubutor/stories?page=${page}&limit=${limit}`,
      transformResponse: unwrap<OfficeStoryList>,
      providesTags: [{ type: 'Stories', id: 'office' }],
    }),
    setStoryActive: build.mutation<SuccessEnvelope<OfficeStory>, { id: string; isActive: boolean }>({
      query: ({ id, isActive }) => ({ url: `/distrubutor/stories/${encodeURIComponent(id)}`, method: 'PUT', body: { isActive } }),
      invalidatesTags: [{ type: 'Stories', id: 'office' }],
    }),
    /** The Delete Story action: a soft delete (spec §4), isActive false and gone from the list. */
    deleteStory: build.mutation<SuccessEnvelope<null>, { id: string }>({
      query: ({ id }) => ({
        url: `/distrubutor/stories/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { isActive: false, deleted: true },
      }),
      invalidatesTags: [{ type: 'Stories', id: 'office' }],
    }),
    getRetailerStories: build.query<RetailerStory[], void>({
      query: () => '/retailer/story',
      transformResponse: unwrap<RetailerStory[]>,
      providesTags: [{ type: 'Stories', id: 'retailer' }],
    }),
    markStoryViewed: build.mutation<SuccessEnvelope<{ id: string; viewed: true; viewedAt: string }>, { id: string }>({
      query: ({ id }) => ({ url: `/retailer/story/${encodeURIComponent(id)}`, method: 'PUT' }),
    }),
  }),
});

export const {
  useGetOfficeStoriesQuery,
  useSetStoryActiveMutation,
  useDeleteStoryMutation,
  useGetRetailerStoriesQuery,
  useMarkStoryViewedMutation,
} = storiesApi;
