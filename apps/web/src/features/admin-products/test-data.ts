// Product rows for the admin products tests.
import type { ProductDetail, ProductRow } from './admin-products.types';

/** The first find waits for the lazily loaded admin routes and screen (slow to transform on a busy machine). */
export const FIRST_SCREEN = { timeout: 60_000 };

export const productRow = (i: number, extra: Partial<ProductRow> = {}): ProductRow => ({
  id: `p-${i}`,
  itemNumber: `20${String(i).padStart(3, '0')}`,
  description: `Sparkling Water ${String(i).padStart(2, '0')}`,
  brand: 'Fizz',
  categoryId: 'c-1',
  category: 'Beverages',
  subcategoryId: 's-1',
  subcategory: 'Water',
  vendorId: 'v-1',
  vendor: 'Bay Bottling',
  pack: 12,
  caseCount: 1,
  uom: 'EA',
  size: '16 oz',
  price1Cents: 1000 + i * 100,
  stockOnHand: 40,
  lowStockThreshold: 10,
  stockStatus: 'inStock',
  productLimit: null,
  showInventoryStock: true,
  showLowStock: false,
  showWithoutPrice: false,
  allowToOrder: true,
  showInventoryStockToSalesRep: true,
  showLowStockToSalesRep: false,
  showWithoutPriceToSalesRep: false,
  allowToOrderSalesRep: true,
  isNewItem: false,
  isPromoted: false,
  isDiscounted: false,
  imageUrl: null,
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

/** Every field of product i, as GET /admin/products/:id answers it. */
export const productDetail = (i: number, extra: Partial<ProductDetail> = {}): ProductDetail => ({
  ...productRow(i),
  unitOunces: 16,
  upcs: [],
  salesCategory: null,
  location: null,
  price2Cents: 0,
  price3Cents: 0,
  price4Cents: 0,
  price5Cents: 0,
  taxRateBp: 0,
  crvCents: 0,
  allowBackorder: false,
  qtyDiscounts: [],
  showDistributorImage: false,
  distributorImageUrl: null,
  masterImageUrl: null,
  ...extra,
});
