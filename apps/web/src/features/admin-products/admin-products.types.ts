// Shapes of the admin products API (PROVISIONAL until the shared schemas land).
export const PRODUCT_SORT_KEYS = ['description', 'itemNumber', 'brand', 'price1', 'stockOnHand', 'updatedAt'] as const;
export type ProductSort = (typeof PRODUCT_SORT_KEYS)[number];

export const PRODUCT_STATUSES = ['all', 'active', 'inactive'] as const;
export const STOCK_FILTERS = ['', 'inStock', 'lowStock', 'outOfStock'] as const;

export interface ProductRow {
  id: string;
  itemNumber: string;
  description: string;
  brand: string | null;
  categoryName: string | null;
  subcategoryName: string | null;
  vendorName: string | null;
  pack: number;
  size: string | null;
  price1: number;
  stockOnHand: number;
  isActive: boolean;
  isNewItem: boolean;
  isPromoted: boolean;
  isDiscounted: boolean;
  imageUrl: string | null;
  updatedAt: string;
}

export interface ProductListQuery {
  page: number;
  limit: number;
  sort: ProductSort;
  dir: 'asc' | 'desc';
  search: string;
  categoryId: string;
  subcategoryId: string;
  vendorId: string;
  brand: string;
  status: string;
  stock: string;
  flag: string;
  promoted: string;
  discounted: string;
}

export type ProductBody = Record<string, unknown>;
export type ProductDetail = ProductRow & Record<string, unknown>;
export type BulkEditBody = Record<string, unknown>;
export interface BulkEditPreview {
  items: {
    id: string;
    itemNumber: string;
    description: string;
    changes: { field: string; label: string; before: string; after: string }[];
  }[];
}
export type BulkEditResult = Record<string, unknown>;
