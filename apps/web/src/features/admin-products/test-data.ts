// Product rows for the admin products tests.
import type { ProductRow } from './admin-products.types';

export const productRow = (i: number, extra: Partial<ProductRow> = {}): ProductRow => ({
  id: `p-${i}`,
  itemNumber: `20${String(i).padStart(3, '0')}`,
  description: `Sparkling Water ${String(i).padStart(2, '0')}`,
  brand: 'Fizz',
  categoryName: 'Beverages',
  subcategoryName: 'Water',
  vendorName: 'Bay Bottling',
  pack: 12,
  size: '16 oz',
  price1: 10 + i,
  stockOnHand: 40,
  isActive: true,
  isNewItem: false,
  isPromoted: false,
  isDiscounted: false,
  imageUrl: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
