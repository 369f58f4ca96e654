// The distributor's categories and subcategories (two levels): list as a tree, create, rename, delete
// (refused while products use it or it has subcategories; the server says which).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import { api } from '../../lib/api';
import type { Category } from './categories.types';

export const CATEGORIES_FAILED = 'Failed to fetch categories';
export const CATEGORY_SAVE_FAILED = 'Failed to save the category';
export const CATEGORY_DELETE_FAILED = 'Failed to delete the category';

export const categoriesApi = api.enhanceEndpoints({ addTagTypes: ['Categories'] }).injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], void>({
      query: () => '/admin/categories',
      transformResponse: (r: SuccessEnvelope<{ items: Category[] }>) => r.data.items,
      providesTags: ['Categories'],
    }),
    createCategory: build.mutation<SuccessEnvelope<unknown>, { name: string; parentId: string | null }>({
      query: (body) => ({ url: '/admin/categories', method: 'POST', body }),
      invalidatesTags: ['Categories'],
    }),
    renameCategory: build.mutation<SuccessEnvelope<unknown>, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `/admin/categories/${encodeURIComponent(id)}`, method: 'PUT', body: { name } }),
      invalidatesTags: ['Categories'],
    }),
    deleteCategory: build.mutation<SuccessEnvelope<unknown>, string>({
      query: (id) => ({ url: `/admin/categories/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Categories'],
    }),
  }),
});

export const { useGetCategoriesQuery, useCreateCategoryMutation, useRenameCategoryMutation, useDeleteCategoryMutation } =
  categoriesApi;
