// Shapes of the admin products API, from the schemas shared with the API (types only: no zod at run time here).
import type { ProductSortKey } from '@portal/shared/api/sort';

export type {
  BulkApply,
  BulkChange,
  BulkEditBody,
  BulkFieldChange,
  BulkPreview,
  ProductBody,
  ProductDetail,
  ProductRow,
} from '@portal/shared/products/products.schemas';

export type ProductSort = ProductSortKey;

/** The list's view as the screen asks for it: every filter set, "" for any. */
export interface ProductListQuery {
  page: number;
  limit: number;
  sort: ProductSort;
  dir: 'asc' | 'desc';
  search: string;
  category: string;
  subcategory: string;
  vendor: string;
  brand: string;
  status: string;
  stock: string;
  flag: string;
  promoted: string;
  discounted: string;
}
