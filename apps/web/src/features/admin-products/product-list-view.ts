// The product grid's view kept in the URL (page, sort, search and the filters), and the API query it makes.
import { PRODUCT_SORT_KEYS } from '@portal/shared/api/sort';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import type { ProductListQuery, ProductSort } from './admin-products.types';

export const FILTER_DEFAULTS = {
  category: '',
  subcategory: '',
  vendor: '',
  brand: '',
  status: 'all',
  stock: '',
  flag: '',
  promoted: '',
  discounted: '',
} as const;
export type ProductFilterName = keyof typeof FILTER_DEFAULTS;
export type ProductFilters = Record<ProductFilterName, string>;

const FILTER_SPECS = Object.fromEntries(
  (Object.keys(FILTER_DEFAULTS) as ProductFilterName[]).map((name) => [name, { default: FILTER_DEFAULTS[name] }]),
) as Record<ProductFilterName, { default: string }>;

export function useProductListView() {
  const view = useGridUrlState<ProductSort, ProductFilterName>({ sorts: PRODUCT_SORT_KEYS, filters: FILTER_SPECS });
  const query: ProductListQuery = {
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    ...view.filters,
  };
  return { view, query };
}
