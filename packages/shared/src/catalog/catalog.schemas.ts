// Requests and answers of the catalogue (POST /retailer/getInventory and the dashboard shelves).
// Field names of answers follow spec §3 "Catalogue product as read"; amounts are dollars.
import { z } from 'zod';
import { INVENTORY_ONLY, INVENTORY_SORTS } from './inventory-options.ts';
import { STOCK_LABELS } from './stock-label.ts';

export { INVENTORY_ONLY, INVENTORY_SORTS };
export const INVENTORY_DEFAULT_LIMIT = 50;
export const INVENTORY_MAX_LIMIT = 200;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const pageField = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more');
export const limitField = (dflt: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be ${max} or less`)
    .default(dflt);

export const inventoryFilterBody = z.object({
  search: optionalText(100),
  category: optionalText(100),
  subCategory: optionalText(100),
  brand: optionalText(100),
  vendor: optionalText(100),
  /** One value or several (all must hold). */
  only: z
    .union([z.enum(INVENTORY_ONLY), z.array(z.enum(INVENTORY_ONLY)).max(4)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  /** Default: relevance when searching, else name. */
  sort: z.enum(INVENTORY_SORTS).optional(),
  page: pageField.default(1),
  limit: limitField(INVENTORY_DEFAULT_LIMIT, INVENTORY_MAX_LIMIT),
});
export type InventoryFilterBody = z.input<typeof inventoryFilterBody>;
export type InventoryFilter = z.output<typeof inventoryFilterBody>;

const money = z.number();

export const qtyDiscountSchema = z.object({
  minQty: z.number().int(),
  /** Dollars off the unit price from minQty up (absent when prices are hidden). */
  discount: money.optional(),
  /** Unit price at that tier (absent when prices are hidden). */
  price: money.optional(),
});

export const catalogProductSchema = z.object({
  id: z.string(),
  Item_Number: z.string(),
  Description: z.string(),
  Brand: z.string().nullable(),
  Category: z.string().nullable(),
  CategoryId: z.string().nullable(),
  SubCategory: z.string().nullable(),
  SubCategoryId: z.string().nullable(),
  Vendor: z.string().nullable(),
  Pack: z.number(),
  CaseCount: z.number(),
  UOM: z.string(),
  UnitOunces: z.number(),
  Size: z.string().nullable(),
  SalesCategory: z.string().nullable(),
  /** The customer's price level (1..5) that priced this product. */
  PriceClass: z.number().int(),
  UPCList: z.array(z.object({ UPC_Number: z.string() })),
  upc: z.string().nullable(),
  /** Unit price for this customer (level price less promotion); absent with showWithOutPrice. */
  price: money.optional(),
  /** Level price before the promotion, when a promotion lowers it. */
  listPrice: money.optional(),
  priceWithTax: money.optional(),
  crvPrice: money.optional(),
  /** One unit with CRV: price + crvPrice. */
  totalPrice: money.optional(),
  /** One unit with tax and CRV: priceWithTax + crvPrice. */
  totalPriceWithTax: money.optional(),
  /** Percent, e.g. 8.25. */
  Tax_Rate: z.number(),
  /** Absent when the inventory count is hidden. */
  Inventory_OnHand: z.number().int().optional(),
  showTheInventoryStock: z.boolean(),
  showLowStock: z.boolean(),
  showWithOutPrice: z.boolean(),
  allowToOrder: z.boolean(),
  showTheInventoryStockToSalesRep: z.boolean().optional(),
  showLowStockToSalesRep: z.boolean().optional(),
  showWithOutPriceToSalesRep: z.boolean().optional(),
  allowToOrderSalesRep: z.boolean().optional(),
  hasProductLimit: z.boolean(),
  productLimit: z.number().int().nullable(),
  hasQtyDiscount: z.boolean(),
  qtyDiscount: z.array(qtyDiscountSchema),
  isDiscounted: z.boolean(),
  /** Promotion percent off, e.g. 10. */
  discountPercent: z.number().nullable(),
  isNewItem: z.boolean(),
  isPromoted: z.boolean(),
  showDistributorImage: z.boolean(),
  distributorImage: z.string().nullable(),
  masterImage: z.string().nullable(),
  /** The image to show (spec §3 image choice). */
  image: z.string(),
  /** From the stock on hand at the time of the answer (stock-label.ts). */
  stockLabel: z.enum(STOCK_LABELS),
  /** Quantity already in this buyer's cart. */
  quantity: z.number().int(),
  createdAt: z.string(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const inventoryResponseSchema = z.object({
  finalProductList: z.array(catalogProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  facets: z.object({
    categories: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
    brands: z.array(z.object({ name: z.string(), count: z.number().int() })),
  }),
});
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;

export { DASHBOARD_PARAMS_MESSAGE } from './dashboard-messages.ts';

export const dashboardQuery = z.object({
  role: z.string().optional(),
  customerNumber: z.string().optional(),
  c_number: z.string().optional(),
  page: pageField.default(1),
  limit: limitField(20, 100),
});

export const productListResponseSchema = z.object({
  finalProductList: z.array(catalogProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const promotedProductSchema = catalogProductSchema.extend({
  promotion: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    endsAt: z.string().nullable(),
  }),
});
export const promotedListResponseSchema = z.object({
  promotedItemsList: z.array(promotedProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
