// Admin products (/admin/products...): one set of field rules, messages and answer shapes for the web
// grid and editor and for the API. Money is integer cents and the tax rate basis points (825 = 8.25 %),
// as everywhere in the API; the editor converts dollars with `dollarsField`.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { PRODUCT_SORT_KEYS } from '../api/sort.ts';
import { sortFields } from '../api/sort.schemas.ts';

export const PRODUCT_LIST_DEFAULT_LIMIT = 25;
export const PRODUCT_LIST_MAX_LIMIT = 100;
export const ITEM_NUMBER_MAX = 40;
export const DESCRIPTION_MAX = 200;
export const BRAND_MAX = 80;
export const UOM_MAX = 10;
export const SIZE_MAX = 40;
export const SALES_CATEGORY_MAX = 60;
/** The aisle/bin a picker finds the product at (docs/pick-lists.md). */
export const LOCATION_MAX = 40;
export const IMAGE_URL_MAX = 500;
export const UPCS_MAX = 20;
export const QTY_TIERS_MAX = 10;
/** A price, CRV or discount in cents: at most $1,000,000. */
export const MONEY_MAX_CENTS = 100_000_000;
export const TAX_RATE_MAX_BP = 10_000;
export const BULK_MAX_IDS = 500;
/** Stock on hand stays within ±1,000,000,000 (a back-ordered product goes below 0). */
export const STOCK_MIN = -1_000_000_000;
export const STOCK_MAX = 1_000_000_000;
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;
export const PRICE_LEVELS = [1, 2, 3, 4, 5] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];
export const PRICE_FIELDS = ['price1Cents', 'price2Cents', 'price3Cents', 'price4Cents', 'price5Cents'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** The flags a retailer's view follows (spec §3). */
export const RETAILER_FLAGS = ['showInventoryStock', 'showLowStock', 'showWithoutPrice', 'allowToOrder'] as const;
/** The same four for the sales rep's view. */
export const REP_FLAGS = [
  'showInventoryStockToSalesRep',
  'showLowStockToSalesRep',
  'showWithoutPriceToSalesRep',
  'allowToOrderSalesRep',
] as const;
/** The list's `flag` filter names one of these (the flag is on). */
export const PRODUCT_FLAGS = [...RETAILER_FLAGS, ...REP_FLAGS] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];
/** What a bulk edit of flags may set: the eight flags, the new-item marking and back-order. */
export const BULK_FLAGS = [...PRODUCT_FLAGS, 'isNewItem', 'allowBackorder'] as const;
export type BulkFlag = (typeof BULK_FLAGS)[number];

export const PRODUCT_STATUSES = ['all', 'active', 'inactive'] as const;
/** outOfStock: on hand 0 or less; low: 1 up to the low-stock threshold; inStock: above the threshold. */
export const STOCK_STATUSES = ['inStock', 'low', 'outOfStock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const STOCK_FILTERS = ['all', ...STOCK_STATUSES] as const;

export const PRODUCT_MESSAGES = {
  itemNumberRequired: 'Item number is required',
  itemNumberTooLong: `Item number must be ${ITEM_NUMBER_MAX} characters or less`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be ${DESCRIPTION_MAX} characters or less`,
  brandTooLong: `Brand must be ${BRAND_MAX} characters or less`,
  uomRequired: 'Unit of measure is required',
  uomTooLong: `Unit of measure must be ${UOM_MAX} characters or less`,
  sizeTooLong: `Size must be ${SIZE_MAX} characters or less`,
  salesCategoryTooLong: `Sales category must be ${SALES_CATEGORY_MAX} characters or less`,
  locationTooLong: `Aisle / location must be ${LOCATION_MAX} characters or less`,
  pack: 'Pack must be a whole number of 1 or more',
  caseCount: 'Case count must be a whole number of 1 or more',
  unitOunces: 'Unit ounces must be 0 or more',
  price: (level: number) => `Price ${level} must be 0 or more, in whole cents`,
  priceDecimals: 'Enter an amount of 0 or more with at most 2 decimals',
  taxRate: 'Tax rate must be between 0% and 100%',
  crv: 'CRV must be 0 or more, in whole cents',
  stockOnHand: 'Stock on hand must be a whole number',
  stockRange: 'Stock on hand must stay between -1,000,000,000 and 1,000,000,000',
  lowStockThreshold: 'Low stock threshold must be a whole number of 0 or more',
  productLimit: 'Product limit must be a whole number of 1 or more',
  upc: 'UPC must be 6 to 14 digits',
  upcTooMany: `A product has at most ${UPCS_MAX} UPCs`,
  upcTwice: (upc: string) => `UPC ${upc} is listed twice`,
  upcTaken: (upc: string) => `UPC ${upc} is already used by another product`,
  tierMinQty: 'Tier quantity must be a whole number of 2 or more',
  tierDiscount: 'Tier discount must be more than 0, in whole cents',
  tiersIncreasing: 'Tier quantities must increase from one tier to the next',
  tiersTooMany: `A product has at most ${QTY_TIERS_MAX} quantity discount tiers`,
  distributorImageUrl: 'The distributor image must be an image uploaded here',
  masterImageUrl: 'The master image must be an image uploaded here or an https:// address',
  categoryUnknown: 'Choose one of your categories',
  subcategoryWithoutCategory: 'Choose a category before a subcategory',
  subcategoryNotChild: 'Choose a subcategory of the chosen category',
  vendorUnknown: 'Choose one of your vendors',
  duplicate: (itemNumber: string) => `An item number ${itemNumber} already exists`,
  notFound: 'Product not found',
  created: 'Product created',
  updated: 'Product updated',
  deactivated: 'Product deactivated',
  reactivated: 'Product reactivated',
  bulkIdsRequired: 'Select at least one product',
  bulkIdsTooMany: `Select at most ${BULK_MAX_IDS} products`,
  bulkFlagsRequired: 'Choose at least one flag to set',
  bulkPercent: `Percent must be between ${BULK_PERCENT_MIN} and ${BULK_PERCENT_MAX}, with at most 2 decimals`,
  bulkLevelsRequired: 'Choose at least one price level',
  bulkLevels: 'Price levels are 1 to 5, each at most once',
  bulkUpdated: (n: number) => `${n} products updated`,
} as const;

const hasAtMost2Decimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Editor side: dollars (number or text) with at most 2 decimals, 0 or more → integer cents. */
export const dollarsField = () =>
  z.union([z.number(), z.string().trim()], { error: PRODUCT_MESSAGES.priceDecimals }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '' ? 0 : /^\d+(\.\d{0,2})?$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n) || n < 0 || !hasAtMost2Decimals(n) || n * 100 > MONEY_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.priceDecimals });
      return z.NEVER;
    }
    return Math.round(n * 100);
  });

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const cents = (message: string) => int(message, 0, MONEY_MAX_CENTS);
const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
/** Optional text: missing, null and empty (after trimming) are all stored as none. */
const optionalText = (tooLong: string, max: number) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);
/** An id chosen from a list; missing, null and empty mean none. */
const optionalId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(100, message)
    .nullish()
    .transform((v) => v || null);

export const UPC_RE = /^\d{6,14}$/;

export const qtyDiscountTierSchema = z.object(
  {
    minQty: int(PRODUCT_MESSAGES.tierMinQty, 2, 1_000_000),
    /** Cents off the unit price from minQty up. */
    discountCents: int(PRODUCT_MESSAGES.tierDiscount, 1, MONEY_MAX_CENTS),
  },
  { error: PRODUCT_MESSAGES.tierMinQty },
);
export type QtyDiscountTier = z.infer<typeof qtyDiscountTierSchema>;

const flag = (dflt: boolean) => z.boolean({ error: 'Must be true or false' }).default(dflt);

/**
 * POST and PUT body: the whole editable record (PUT replaces it; a missing optional field is stored
 * as none, a missing flag takes its default). Category, subcategory and vendor are checked against the
 * distributor's rows by the service.
 */
export const productBody = z
  .object(
    {
      itemNumber: requiredText(PRODUCT_MESSAGES.itemNumberRequired, PRODUCT_MESSAGES.itemNumberTooLong, ITEM_NUMBER_MAX),
      description: requiredText(PRODUCT_MESSAGES.descriptionRequired, PRODUCT_MESSAGES.descriptionTooLong, DESCRIPTION_MAX),
      brand: optionalText(PRODUCT_MESSAGES.brandTooLong, BRAND_MAX),
      categoryId: optionalId(PRODUCT_MESSAGES.categoryUnknown),
      subcategoryId: optionalId(PRODUCT_MESSAGES.subcategoryNotChild),
      vendorId: optionalId(PRODUCT_MESSAGES.vendorUnknown),
      pack: int(PRODUCT_MESSAGES.pack, 1, 100_000).default(1),
      caseCount: int(PRODUCT_MESSAGES.caseCount, 1, 100_000).default(1),
      uom: requiredText(PRODUCT_MESSAGES.uomRequired, PRODUCT_MESSAGES.uomTooLong, UOM_MAX).default('EA'),
      unitOunces: z
        .number({ error: PRODUCT_MESSAGES.unitOunces })
        .min(0, PRODUCT_MESSAGES.unitOunces)
        .max(1_000_000, PRODUCT_MESSAGES.unitOunces)
        .default(0),
      size: optionalText(PRODUCT_MESSAGES.sizeTooLong, SIZE_MAX),
      upcs: z
        .array(z.string({ error: PRODUCT_MESSAGES.upc }).trim().regex(UPC_RE, PRODUCT_MESSAGES.upc), {
          error: PRODUCT_MESSAGES.upc,
        })
        .max(UPCS_MAX, PRODUCT_MESSAGES.upcTooMany)
        .default([])
        .superRefine((upcs, ctx) => {
          const seen = new Set<string>();
          for (const [i, upc] of upcs.entries()) {
            if (seen.has(upc)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.upcTwice(upc), path: [i] });
            seen.add(upc);
          }
        }),
      salesCategory: optionalText(PRODUCT_MESSAGES.salesCategoryTooLong, SALES_CATEGORY_MAX),
      location: optionalText(PRODUCT_MESSAGES.locationTooLong, LOCATION_MAX),
      price1Cents: cents(PRODUCT_MESSAGES.price(1)).default(0),
      price2Cents: cents(PRODUCT_MESSAGES.price(2)).default(0),
      price3Cents: cents(PRODUCT_MESSAGES.price(3)).default(0),
      price4Cents: cents(PRODUCT_MESSAGES.price(4)).default(0),
      price5Cents: cents(PRODUCT_MESSAGES.price(5)).default(0),
      taxRateBp: int(PRODUCT_MESSAGES.taxRate, 0, TAX_RATE_MAX_BP).default(0),
      crvCents: cents(PRODUCT_MESSAGES.crv).default(0),
      stockOnHand: int(PRODUCT_MESSAGES.stockOnHand, STOCK_MIN, STOCK_MAX).default(0),
      /**
       * PUT only (POST ignores it): the stock on hand the editor loaded. When sent, the server adds
       * stockOnHand − stockOnHandLoaded to the stock stored now, so orders taken (and other clerks'
       * stock changes saved) since the editor loaded the product are kept. Missing: stockOnHand is stored as sent.
       */
      stockOnHandLoaded: int(PRODUCT_MESSAGES.stockOnHand, STOCK_MIN, STOCK_MAX).optional(),
      lowStockThreshold: int(PRODUCT_MESSAGES.lowStockThreshold, 0, 1_000_000_000).default(10),
      allowBackorder: flag(false),
      showInventoryStock: flag(true),
      showLowStock: flag(false),
      showWithoutPrice: flag(false),
      allowToOrder: flag(true),
      showInventoryStockToSalesRep: flag(true),
      showLowStockToSalesRep: flag(false),
      showWithoutPriceToSalesRep: flag(false),
      allowToOrderSalesRep: flag(true),
      /** null or missing: no limit. */
      productLimit: int(PRODUCT_MESSAGES.productLimit, 1, 1_000_000)
        .nullish()
        .transform((v) => v ?? null),
      qtyDiscounts: z
        .array(qtyDiscountTierSchema, { error: PRODUCT_MESSAGES.tierMinQty })
        .max(QTY_TIERS_MAX, PRODUCT_MESSAGES.tiersTooMany)
        .default([])
        .superRefine((tiers, ctx) => {
          for (let i = 1; i < tiers.length; i++) {
            if (tiers[i]!.minQty <= tiers[i - 1]!.minQty) {
              ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.tiersIncreasing, path: [i, 'minQty'] });
            }
          }
        }),
      isNewItem: flag(false),
      showDistributorImage: flag(false),
      // Which addresses an image may have (an upload; for the master image also https) is the service's
      // check (products.service.ts checkImageUrls, with the media service): docs/admin-catalog.md.
      distributorImageUrl: optionalText(PRODUCT_MESSAGES.distributorImageUrl, IMAGE_URL_MAX),
      masterImageUrl: optionalText(PRODUCT_MESSAGES.masterImageUrl, IMAGE_URL_MAX),
    },
    { error: 'Request body must be a JSON object' },
  )
  .superRefine((p, ctx) => {
    if (p.subcategoryId && !p.categoryId) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.subcategoryWithoutCategory, path: ['subcategoryId'] });
    }
  });
export type ProductBody = z.input<typeof productBody>;
export type ProductInput = z.output<typeof productBody>;

const boolParam = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

export const productListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(PRODUCT_LIST_DEFAULT_LIMIT, PRODUCT_LIST_MAX_LIMIT),
  /** Item number, description, brand or UPC; letter case aside, plain text (no wildcards). */
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  category: z.string().trim().max(100, 'category must be 100 characters or less').optional(),
  subcategory: z.string().trim().max(100, 'subcategory must be 100 characters or less').optional(),
  vendor: z.string().trim().max(100, 'vendor must be 100 characters or less').optional(),
  brand: z.string().trim().max(BRAND_MAX, `brand must be ${BRAND_MAX} characters or less`).optional(),
  status: z.enum(PRODUCT_STATUSES, { error: 'status must be one of: all, active, inactive' }).default('all'),
  stock: z.enum(STOCK_FILTERS, { error: `stock must be one of: ${STOCK_FILTERS.join(', ')}` }).default('all'),
  flag: z.enum(PRODUCT_FLAGS, { error: `flag must be one of: ${PRODUCT_FLAGS.join(', ')}` }).optional(),
  promoted: boolParam.optional(),
  discounted: boolParam.optional(),
  ...sortFields(PRODUCT_SORT_KEYS),
});
export type ProductListQuery = z.input<typeof productListQuery>;

const flagShape = Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, z.boolean()])) as Record<ProductFlag, z.ZodBoolean>;

/** One grid row. */
export const productRowSchema = z.object({
  id: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  subcategory: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendor: z.string().nullable(),
  pack: z.number().int(),
  caseCount: z.number().int(),
  uom: z.string(),
  size: z.string().nullable(),
  price1Cents: z.number().int(),
  stockOnHand: z.number().int(),
  lowStockThreshold: z.number().int(),
  stockStatus: z.enum(STOCK_STATUSES),
  productLimit: z.number().int().nullable(),
  ...flagShape,
  isNewItem: z.boolean(),
  /** A running promotion promotes / discounts the product, for any of its audiences (docs/admin-catalog.md). */
  isPromoted: z.boolean(),
  isDiscounted: z.boolean(),
  /** The image the catalogue shows (chooseProductImage); null: the default image. */
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRow = z.infer<typeof productRowSchema>;

export const productListResponse = z.object({
  items: z.array(productRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProductList = z.infer<typeof productListResponse>;

export const productBrandsResponse = z.object({ items: z.array(z.string()) });
export type ProductBrands = z.infer<typeof productBrandsResponse>;

/** Every field of the product (spec §3): the editable record plus names, status and times. */
export const productDetailSchema = z.object({
  id: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  subcategory: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendor: z.string().nullable(),
  pack: z.number().int(),
  caseCount: z.number().int(),
  uom: z.string(),
  unitOunces: z.number(),
  size: z.string().nullable(),
  upcs: z.array(z.string()),
  salesCategory: z.string().nullable(),
  /** Aisle/bin for pickers (0031); null when not set. */
  location: z.string().nullable(),
  price1Cents: z.number().int(),
  price2Cents: z.number().int(),
  price3Cents: z.number().int(),
  price4Cents: z.number().int(),
  price5Cents: z.number().int(),
  taxRateBp: z.number().int(),
  crvCents: z.number().int(),
  stockOnHand: z.number().int(),
  lowStockThreshold: z.number().int(),
  stockStatus: z.enum(STOCK_STATUSES),
  allowBackorder: z.boolean(),
  ...flagShape,
  productLimit: z.number().int().nullable(),
  qtyDiscounts: z.array(qtyDiscountTierSchema),
  isNewItem: z.boolean(),
  showDistributorImage: z.boolean(),
  distributorImageUrl: z.string().nullable(),
  masterImageUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPromoted: z.boolean(),
  isDiscounted: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Spec §3 image choice: the distributor image when its flag is on and it exists, else the master image, else none (the default image). */
export function chooseProductImage(p: {
  showDistributorImage: boolean;
  distributorImageUrl: string | null;
  masterImageUrl: string | null;
}): string | null {
  if (p.showDistributorImage && p.distributorImageUrl) return p.distributorImageUrl;
  return p.masterImageUrl || null;
}

/** The stock status the grid shows and the `stock` filter selects. */
export function stockStatusOf(stockOnHand: number, lowStockThreshold: number): StockStatus {
  if (stockOnHand <= 0) return 'outOfStock';
  return stockOnHand <= lowStockThreshold ? 'low' : 'inStock';
}

// ---- Bulk edit ----

const bulkFlagsShape = Object.fromEntries(BULK_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
  BulkFlag,
  z.ZodOptional<z.ZodBoolean>
>;

export const bulkChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('flags'),
      flags: z
        .object(bulkFlagsShape, { error: PRODUCT_MESSAGES.bulkFlagsRequired })
        .strict()
        .refine((f) => Object.values(f).some((v) => v !== undefined), PRODUCT_MESSAGES.bulkFlagsRequired),
    }),
    z.object({
      kind: z.literal('productLimit'),
      /** null: no limit. */
      productLimit: int(PRODUCT_MESSAGES.productLimit, 1, 1_000_000).nullable(),
    }),
    z
      .object({
        kind: z.literal('category'),
        categoryId: optionalId(PRODUCT_MESSAGES.categoryUnknown),
        subcategoryId: optionalId(PRODUCT_MESSAGES.subcategoryNotChild),
      })
      .superRefine((c, ctx) => {
        if (c.subcategoryId && !c.categoryId) {
          ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.subcategoryWithoutCategory, path: ['subcategoryId'] });
        }
      }),
    z.object({
      kind: z.literal('pricePercent'),
      percent: z
        .number({ error: PRODUCT_MESSAGES.bulkPercent })
        .min(BULK_PERCENT_MIN, PRODUCT_MESSAGES.bulkPercent)
        .max(BULK_PERCENT_MAX, PRODUCT_MESSAGES.bulkPercent)
        .refine(hasAtMost2Decimals, PRODUCT_MESSAGES.bulkPercent),
      levels: z
        .array(z.literal(PRICE_LEVELS, { error: PRODUCT_MESSAGES.bulkLevels }), { error: PRODUCT_MESSAGES.bulkLevelsRequired })
        .min(1, PRODUCT_MESSAGES.bulkLevelsRequired)
        .max(PRICE_LEVELS.length, PRODUCT_MESSAGES.bulkLevels)
        .refine((l) => new Set(l).size === l.length, PRODUCT_MESSAGES.bulkLevels),
    }),
  ],
  { error: 'change.kind must be one of: flags, productLimit, category, pricePercent' },
);
export type BulkChange = z.input<typeof bulkChangeSchema>;

export const bulkEditBody = z.object(
  {
    ids: z
      .array(z.string().max(100), { error: PRODUCT_MESSAGES.bulkIdsRequired })
      .min(1, PRODUCT_MESSAGES.bulkIdsRequired)
      .max(BULK_MAX_IDS, PRODUCT_MESSAGES.bulkIdsTooMany),
    change: bulkChangeSchema,
  },
  { error: 'Request body must be a JSON object' },
);
export type BulkEditBody = z.input<typeof bulkEditBody>;
export type BulkEditInput = z.output<typeof bulkEditBody>;

/**
 * One changed field. `field` is the API field name (`price1Cents`, `productLimit`, a flag name) or
 * `category` / `subcategory`, whose values are the names shown (null: none).
 */
export const bulkFieldChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  after: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type BulkFieldChange = z.infer<typeof bulkFieldChangeSchema>;

export const bulkCountsSchema = z.object({
  /** Products selected (distinct ids). */
  selected: z.number().int(),
  /** Products with at least one field changing. */
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type BulkCounts = z.infer<typeof bulkCountsSchema>;

export const bulkPreviewResponse = z.object({
  /** Every selected product, by item number; `changes` is empty when it stays as it is. */
  items: z.array(
    z.object({
      id: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      changes: z.array(bulkFieldChangeSchema),
    }),
  ),
  counts: bulkCountsSchema,
});
export type BulkPreview = z.infer<typeof bulkPreviewResponse>;

export const bulkApplyResponse = z.object({ counts: bulkCountsSchema });
export type BulkApply = z.infer<typeof bulkApplyResponse>;
