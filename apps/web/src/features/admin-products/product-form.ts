// PROVISIONAL: the product and bulk-edit forms, until the shared schemas land (then these rules go).
import { z } from 'zod';
import type { ProductBody, ProductDetail } from './admin-products.types';

export const FLAG_GROUPS = [
  {
    title: 'Flags for retailers',
    hint: 'What a retailer sees and may do with this item.',
    flags: [
      { name: 'showInventoryStock', label: 'Show the stock count' },
      { name: 'showLowStock', label: 'Show low stock' },
      { name: 'showWithoutPrice', label: 'Show without price' },
      { name: 'allowToOrder', label: 'Allow to order' },
    ],
  },
  {
    title: 'Flags for reps',
    hint: 'What a sales rep sees and may do with this item.',
    flags: [
      { name: 'showInventoryStockToSales', label: 'Show the stock count' },
      { name: 'showLowStockToSales', label: 'Show low stock' },
      { name: 'showWithoutPriceToSales', label: 'Show without price' },
      { name: 'allowToOrderSales', label: 'Allow to order' },
    ],
  },
  {
    title: 'Marks',
    hint: undefined,
    flags: [{ name: 'isNewItem', label: 'New item' }],
  },
] as const;
export type FlagName = (typeof FLAG_GROUPS)[number]['flags'][number]['name'];

const money = z.number().min(0).nullable();
export const productForm = z.object({
  itemNumber: z.string().trim().min(1, 'Item number is required'),
  description: z.string().trim().min(1, 'Description is required'),
  brand: z.string().nullable(),
  categoryId: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  vendorId: z.string().nullable(),
  salesCategory: z.string().nullable(),
  pack: z.number().int().nullable(),
  caseCount: z.number().int().nullable(),
  uom: z.string().nullable(),
  unitOunces: z.number().nullable(),
  size: z.string().nullable(),
  price1: z.number({ error: 'Price 1 is required' }).min(0),
  price2: money,
  price3: money,
  price4: money,
  price5: money,
  taxRate: z.number().nullable(),
  crv: money,
  qtyDiscounts: z.array(z.object({ minQty: z.number().int().nullable(), discount: z.number().nullable() })),
  productLimit: z.number().int().nullable(),
  stockOnHand: z.number().int().nullable(),
  upcs: z.array(z.object({ value: z.string() })),
  showInventoryStock: z.boolean(),
  showLowStock: z.boolean(),
  showWithoutPrice: z.boolean(),
  allowToOrder: z.boolean(),
  showInventoryStockToSales: z.boolean(),
  showLowStockToSales: z.boolean(),
  showWithoutPriceToSales: z.boolean(),
  allowToOrderSales: z.boolean(),
  isNewItem: z.boolean(),
  showDistributorImage: z.boolean(),
  distributorImageUrl: z.string().nullable(),
  masterImageUrl: z.string().nullable(),
});
export type ProductFormValues = z.input<typeof productForm>;

export function emptyProductValues(): ProductFormValues {
  return {
    itemNumber: '',
    description: '',
    brand: null,
    categoryId: null,
    subcategoryId: null,
    vendorId: null,
    salesCategory: null,
    pack: 1,
    caseCount: 1,
    uom: 'EA',
    unitOunces: 0,
    size: null,
    price1: 0,
    price2: null,
    price3: null,
    price4: null,
    price5: null,
    taxRate: 0,
    crv: 0,
    qtyDiscounts: [],
    productLimit: null,
    stockOnHand: 0,
    upcs: [],
    showInventoryStock: true,
    showLowStock: false,
    showWithoutPrice: false,
    allowToOrder: true,
    showInventoryStockToSales: true,
    showLowStockToSales: false,
    showWithoutPriceToSales: false,
    allowToOrderSales: true,
    isNewItem: false,
    showDistributorImage: false,
    distributorImageUrl: null,
    masterImageUrl: null,
  };
}

export function productValuesOf(p: ProductDetail): ProductFormValues {
  return { ...emptyProductValues(), ...(p as Partial<ProductFormValues>) };
}

export function productBodyOf(values: ProductFormValues): ProductBody {
  return { ...values, upcs: values.upcs.map((u) => u.value.trim()).filter(Boolean) };
}

export const bulkForm = z.object({
  flags: z.record(z.string(), z.enum(['', 'on', 'off'])),
  limitMode: z.enum(['', 'set', 'clear']),
  productLimit: z.number().int().nullable(),
  categoryId: z.string(),
  subcategoryId: z.string(),
  pricePercent: z.number().nullable(),
});
export type BulkFormValues = z.input<typeof bulkForm>;

export function emptyBulkValues(): BulkFormValues {
  const flags = Object.fromEntries(FLAG_GROUPS.flatMap((g) => g.flags.map((f) => [f.name, '' as const])));
  return { flags, limitMode: '', productLimit: null, categoryId: '', subcategoryId: '', pricePercent: null };
}

export function bulkBodyOf(ids: readonly string[], v: BulkFormValues) {
  const flags = Object.fromEntries(
    Object.entries(v.flags)
      .filter(([, s]) => s)
      .map(([k, s]) => [k, s === 'on']),
  );
  return {
    ids: [...ids],
    flags,
    productLimit: v.limitMode === 'set' ? v.productLimit : v.limitMode === 'clear' ? null : undefined,
    categoryId: v.categoryId || undefined,
    subcategoryId: v.categoryId ? v.subcategoryId || null : undefined,
    pricePercent: v.pricePercent ?? undefined,
  };
}
