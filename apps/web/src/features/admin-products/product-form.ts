// The product editor's form: the API's own body schema (shared), with the amounts typed as the office
// reads them (prices, CRV and tier discounts in dollars, the tax rate in percent) and converted to the
// API's cents and basis points by the shared `dollarsField`, then checked by the body's own rules.
// Also the flag groups both the editor and the bulk edit show.
import {
  dollarsField,
  productBody,
  qtyDiscountTierSchema,
  QTY_TIERS_MAX,
  PRODUCT_MESSAGES,
  REP_FLAGS,
  RETAILER_FLAGS,
  type BulkFlag,
  type ProductDetail,
} from '@portal/shared/products/products.schemas';
import { z } from 'zod';

const FLAG_LABELS: Record<BulkFlag, string> = {
  showInventoryStock: 'Show the stock count',
  showLowStock: 'Show low stock',
  showWithoutPrice: 'Show without price',
  allowToOrder: 'Allow to order',
  showInventoryStockToSalesRep: 'Show the stock count',
  showLowStockToSalesRep: 'Show low stock',
  showWithoutPriceToSalesRep: 'Show without price',
  allowToOrderSalesRep: 'Allow to order',
  isNewItem: 'New item',
  allowBackorder: 'Allow back-orders',
};

export const FLAG_GROUPS: { title: string; hint?: string; flags: { name: BulkFlag; label: string }[] }[] = [
  {
    title: 'Flags for retailers',
    hint: 'What a retailer sees of this item, and whether it may order it.',
    flags: RETAILER_FLAGS.map((name) => ({ name, label: FLAG_LABELS[name] })),
  },
  {
    title: 'Flags for reps',
    hint: 'What a sales rep sees of this item, and whether it may order it for a store.',
    flags: REP_FLAGS.map((name) => ({ name, label: FLAG_LABELS[name] })),
  },
  {
    title: 'Marks and ordering',
    flags: (['isNewItem', 'allowBackorder'] as const).map((name) => ({ name, label: FLAG_LABELS[name] })),
  },
];

/** "Price 3", "New item", "Show low stock (reps)": a field as the bulk preview names it. */
export function fieldLabel(field: string): string {
  const price = /^price(\d)Cents$/.exec(field);
  if (price) return `Price ${price[1]}`;
  if (field === 'productLimit') return 'Product limit';
  if (field === 'category') return 'Category';
  if (field === 'subcategory') return 'Subcategory';
  const label = FLAG_LABELS[field as BulkFlag];
  if (!label) return field;
  return (REP_FLAGS as readonly string[]).includes(field) ? `${label} (reps)` : label;
}

const shape = productBody.shape;
/** Dollars (or percent) typed → cents (or basis points), then the body's own rule for that field. */
const amount = <S extends z.ZodType<number, number>>(rule: S) => dollarsField().pipe(rule);

const tierForm = qtyDiscountTierSchema.extend({
  discountCents: amount(qtyDiscountTierSchema.shape.discountCents),
});

const formFields = {
  price1Cents: amount(shape.price1Cents.unwrap()),
  price2Cents: amount(shape.price2Cents.unwrap()),
  price3Cents: amount(shape.price3Cents.unwrap()),
  price4Cents: amount(shape.price4Cents.unwrap()),
  price5Cents: amount(shape.price5Cents.unwrap()),
  crvCents: amount(shape.crvCents.unwrap()),
  // The tax rate is typed in percent with at most 2 decimals: the same conversion gives basis points.
  taxRateBp: amount(shape.taxRateBp.unwrap()),
  // Tiers in dollars; their order (increasing quantities) is checked by the API, its message shown on the field.
  qtyDiscounts: z.array(tierForm).max(QTY_TIERS_MAX, PRODUCT_MESSAGES.tiersTooMany),
  // A UPC row left empty is no UPC.
  upcs: z.preprocess((v) => (Array.isArray(v) ? v.filter((u) => typeof u !== 'string' || u.trim() !== '') : v), shape.upcs),
};
type FormShape = Omit<typeof shape, keyof typeof formFields> & typeof formFields;
/** What the inputs hold (the UPC rows as typed, empty ones included). */
export type ProductFormValues = Omit<z.input<z.ZodObject<FormShape>>, 'upcs'> & { upcs: string[] };
export type ProductFormOutput = z.output<z.ZodObject<FormShape>>;

/**
 * The body schema with those fields typed in dollars. safeExtend keeps the body's cross-field rules
 * (a subcategory needs a category); its types only allow narrowing a field, and typing in dollars
 * widens the input, hence the cast.
 */
export const productForm = productBody.safeExtend(formFields as never) as unknown as z.ZodType<
  ProductFormOutput,
  ProductFormValues
>;

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function emptyProductValues(): ProductFormValues {
  return {
    itemNumber: '',
    description: '',
    brand: null,
    categoryId: null,
    subcategoryId: null,
    vendorId: null,
    pack: 1,
    caseCount: 1,
    uom: 'EA',
    unitOunces: 0,
    size: null,
    upcs: [],
    salesCategory: null,
    location: null,
    price1Cents: '',
    price2Cents: '',
    price3Cents: '',
    price4Cents: '',
    price5Cents: '',
    taxRateBp: '',
    crvCents: '',
    stockOnHand: 0,
    lowStockThreshold: 10,
    allowBackorder: false,
    showInventoryStock: true,
    showLowStock: false,
    showWithoutPrice: false,
    allowToOrder: true,
    showInventoryStockToSalesRep: true,
    showLowStockToSalesRep: false,
    showWithoutPriceToSalesRep: false,
    allowToOrderSalesRep: true,
    productLimit: null,
    qtyDiscounts: [],
    isNewItem: false,
    showDistributorImage: false,
    distributorImageUrl: null,
    masterImageUrl: null,
  };
}

/** The editor's values for a stored product (amounts in dollars, the tax rate in percent). */
export function productValuesOf(p: ProductDetail): ProductFormValues {
  return {
    itemNumber: p.itemNumber,
    description: p.description,
    brand: p.brand,
    categoryId: p.categoryId,
    subcategoryId: p.subcategoryId,
    vendorId: p.vendorId,
    pack: p.pack,
    caseCount: p.caseCount,
    uom: p.uom,
    unitOunces: p.unitOunces,
    size: p.size,
    upcs: [...p.upcs],
    salesCategory: p.salesCategory,
    location: p.location,
    price1Cents: dollars(p.price1Cents),
    price2Cents: dollars(p.price2Cents),
    price3Cents: dollars(p.price3Cents),
    price4Cents: dollars(p.price4Cents),
    price5Cents: dollars(p.price5Cents),
    taxRateBp: dollars(p.taxRateBp),
    crvCents: dollars(p.crvCents),
    stockOnHand: p.stockOnHand,
    // Sent back on save: the server applies the clerk's change to the stock, keeping orders taken meanwhile.
    stockOnHandLoaded: p.stockOnHand,
    lowStockThreshold: p.lowStockThreshold,
    allowBackorder: p.allowBackorder,
    showInventoryStock: p.showInventoryStock,
    showLowStock: p.showLowStock,
    showWithoutPrice: p.showWithoutPrice,
    allowToOrder: p.allowToOrder,
    showInventoryStockToSalesRep: p.showInventoryStockToSalesRep,
    showLowStockToSalesRep: p.showLowStockToSalesRep,
    showWithoutPriceToSalesRep: p.showWithoutPriceToSalesRep,
    allowToOrderSalesRep: p.allowToOrderSalesRep,
    productLimit: p.productLimit,
    qtyDiscounts: p.qtyDiscounts.map((t) => ({ minQty: t.minQty, discountCents: dollars(t.discountCents) })),
    isNewItem: p.isNewItem,
    showDistributorImage: p.showDistributorImage,
    distributorImageUrl: p.distributorImageUrl,
    masterImageUrl: p.masterImageUrl,
  };
}
