// The one mapping from a catalogue product to the spec's product as one buyer sees it (spec §3,
// product as displayed): visibility flags of the buyer's audience, prices at the customer's level
// through the shared pricing rules (packages/shared pricing), the product limit, stock count and label,
// and the buyer's cart quantity. Search, shelves, the sales lists and the cart all read it.
import { centsToDollars } from '@portal/shared/money/money';
import type { CatalogProduct } from '@portal/shared/catalog/catalog.schemas';
import { chooseProductImage } from '@portal/shared/catalog/product-image';
import {
  backOrderAllowed,
  retailerStockLabel,
  salesStockLabel,
  stockLabelWithStock,
  type StockLabel,
} from '@portal/shared/catalog/stock-label';
import { effectiveProductLimit } from '@portal/shared/cart/cart-rules';
import {
  basisPointsToPercent,
  levelPriceCents as sharedLevelPriceCents,
  unitPriceWithTaxCents,
  type QtyDiscountTier,
} from '@portal/shared/pricing/pricing';
import { discountedUnitPriceCents } from '@portal/shared/pricing/promotions';
import type { Audience, BuyerContext, BuyerTerms } from '../../platform/buyer-context.ts';
import type { PromotedInfo } from './catalog-promotions.ts';
import type { ProductRow } from './catalog.repository.ts';

/** What a product shows besides its row, for one buyer at one moment (catalog.service.ts makes it). */
export interface ProductExtras {
  upcs: Map<string, readonly string[]>;
  tiers: Map<string, readonly QtyDiscountTier[]>;
  /** The best promotion's discount off the buyer's level price (catalog-promotions.ts), when one applies. */
  discounts: Map<string, { cents: number; percent: number | null }>;
  promoted: Map<string, PromotedInfo>;
  cartQty: Map<string, number>;
}

export interface Visibility {
  showInventory: boolean;
  showLowStock: boolean;
  showWithoutPrice: boolean;
  allowToOrder: boolean;
}

type FlagRow = Pick<
  ProductRow,
  | 'show_inventory_stock'
  | 'show_low_stock'
  | 'show_without_price'
  | 'allow_to_order'
  | 'show_inventory_stock_to_sales'
  | 'show_low_stock_to_sales'
  | 'show_without_price_to_sales'
  | 'allow_to_order_sales'
>;

/** The flags of the buyer's audience; allowToOrder defaults to true (only an explicit 0 forbids). */
export function visibilityFor(row: FlagRow, audience: Audience): Visibility {
  if (audience === 'sales') {
    return {
      showInventory: row.show_inventory_stock_to_sales === 1,
      showLowStock: row.show_low_stock_to_sales === 1,
      showWithoutPrice: row.show_without_price_to_sales === 1,
      allowToOrder: row.allow_to_order_sales !== 0,
    };
  }
  return {
    showInventory: row.show_inventory_stock === 1,
    showLowStock: row.show_low_stock === 1,
    showWithoutPrice: row.show_without_price === 1,
    allowToOrder: row.allow_to_order !== 0,
  };
}

/** The label of the display flags alone (spec §4), for a product that has stock. */
export function displayStockLabel(v: Visibility, audience: Audience): StockLabel {
  return audience === 'sales'
    ? salesStockLabel({ showInventoryStockToSalesRep: v.showInventory, showLowStockToSalesRep: v.showLowStock })
    : retailerStockLabel({ showInventoryStock: v.showInventory, showLowStock: v.showLowStock });
}

/** Whether this product may be ordered beyond its stock: its own flag or the distributor's setting. */
export function backOrderable(row: Pick<ProductRow, 'allow_backorder'>, distributorBackorders: boolean): boolean {
  return backOrderAllowed({
    productAllowsBackorder: row.allow_backorder === 1,
    distributorAllowsBackorders: distributorBackorders,
  });
}

/** The label a buyer sees, from the stock on hand now (never a kept one). */
export function stockLabelOf(
  row: Pick<ProductRow, 'allow_backorder'>,
  displayLabel: StockLabel,
  onHand: number,
  distributorBackorders: boolean,
): StockLabel {
  return stockLabelWithStock({ onHand, backOrderAllowed: backOrderable(row, distributorBackorders), displayLabel });
}

export function imageOf(row: Pick<ProductRow, 'show_distributor_image' | 'distributor_image_url' | 'master_image_url'>): string {
  return chooseProductImage({
    showDistributorImage: row.show_distributor_image === 1,
    distributorImage: row.distributor_image_url,
    masterImage: row.master_image_url,
  });
}

export interface ProductPricing {
  levelPriceCents: number;
  /** Cents the best promotion takes off the level price (0: none). */
  promotionDiscountCents: number;
  tiers: readonly QtyDiscountTier[];
  taxRateBp: number;
  crvCents: number;
}

/** The product's price at a level, in cents, by the shared rule (an unset level pays Price 1). */
export function levelPriceCents(row: ProductRow, priceLevel: number): number {
  return sharedLevelPriceCents(
    [row.price1_cents, row.price2_cents, row.price3_cents, row.price4_cents, row.price5_cents],
    priceLevel,
  );
}

export function pricingOf(row: ProductRow, priceLevel: number, extras: ProductExtras): ProductPricing {
  return {
    levelPriceCents: levelPriceCents(row, priceLevel),
    promotionDiscountCents: extras.discounts.get(row.id)?.cents ?? 0,
    tiers: extras.tiers.get(row.id) ?? [],
    taxRateBp: row.tax_rate_bp ?? 0,
    crvCents: row.crv_cents ?? 0,
  };
}

export function productLimitOf(row: Pick<ProductRow, 'product_limit'>, terms: Pick<BuyerTerms, 'itemLimitQty'>): number | null {
  return effectiveProductLimit({
    hasProductLimit: row.product_limit != null,
    productLimit: row.product_limit,
    userItemLimitQty: terms.itemLimitQty,
  });
}

/** The stock count, sent only when the audience may see it. */
export function showsStock(row: FlagRow, audience: Audience): boolean {
  return visibilityFor(row, audience).showInventory;
}

/**
 * Maps one product row to the spec's catalogue product for this buyer, with this stock count (the row's
 * unless given), the label it makes, and cart quantity (from extras.cartQty). Prices at the customer's
 * level are computed in cents and shown in dollars; with showWithOutPrice only the tier thresholds are
 * sent. The answer is built as one object of one shape (absent fields are undefined, which JSON leaves
 * out): a page maps 50 of them per request.
 */
export function toCatalogProduct(
  row: ProductRow,
  extras: ProductExtras,
  buyer: BuyerContext,
  terms: BuyerTerms,
  stock: { distributorBackorders: boolean; onHand?: number },
): CatalogProduct {
  const audience = buyer.audience;
  const v = visibilityFor(row, audience);
  const sales = audience === 'sales';
  const stockOnHand = stock.onHand ?? row.stock_on_hand;
  const limit = productLimitOf(row, terms);
  const upcs = extras.upcs.get(row.id) ?? [];
  const discount = extras.discounts.get(row.id);
  const pricing = pricingOf(row, terms.priceLevel, extras);
  const hidePrice = v.showWithoutPrice;
  const unit = hidePrice ? 0 : discountedUnitPriceCents({ ...pricing, quantity: 1 });
  const withTax = hidePrice ? 0 : unitPriceWithTaxCents(unit, pricing.taxRateBp);
  const price = (cents: number) => (hidePrice ? undefined : centsToDollars(cents));
  return {
    id: row.id,
    Item_Number: row.item_number,
    Description: row.description,
    Brand: row.brand,
    Category: row.category_name,
    CategoryId: row.category_id,
    SubCategory: row.subcategory_name,
    SubCategoryId: row.subcategory_id,
    Vendor: row.vendor_name,
    Pack: row.pack,
    CaseCount: row.case_count,
    UOM: row.uom,
    UnitOunces: Number(row.unit_ounces) || 0,
    Size: row.size,
    SalesCategory: row.sales_category,
    PriceClass: terms.priceLevel,
    UPCList: upcs.map((u) => ({ UPC_Number: u })),
    upc: upcs[0] ?? null,
    price: price(unit),
    // The list price shows when a promotion lowers the level price (not when a tier does).
    listPrice: pricing.promotionDiscountCents > 0 ? price(pricing.levelPriceCents) : undefined,
    priceWithTax: price(withTax),
    crvPrice: price(pricing.crvCents),
    totalPrice: price(unit + pricing.crvCents),
    totalPriceWithTax: price(withTax + pricing.crvCents),
    Tax_Rate: basisPointsToPercent(row.tax_rate_bp ?? 0),
    Inventory_OnHand: v.showInventory ? stockOnHand : undefined,
    showTheInventoryStock: v.showInventory,
    showLowStock: v.showLowStock,
    showWithOutPrice: v.showWithoutPrice,
    allowToOrder: v.allowToOrder && pricing.levelPriceCents > 0,
    showTheInventoryStockToSalesRep: sales ? v.showInventory : undefined,
    showLowStockToSalesRep: sales ? v.showLowStock : undefined,
    showWithOutPriceToSalesRep: sales ? v.showWithoutPrice : undefined,
    allowToOrderSalesRep: sales ? v.allowToOrder && pricing.levelPriceCents > 0 : undefined,
    hasProductLimit: limit != null,
    productLimit: limit,
    hasQtyDiscount: pricing.tiers.length > 0,
    qtyDiscount: pricing.tiers.map((t) =>
      hidePrice
        ? { minQty: t.minQty }
        : {
            minQty: t.minQty,
            discount: centsToDollars(t.discountCents),
            price: centsToDollars(discountedUnitPriceCents({ ...pricing, quantity: t.minQty })),
          },
    ),
    isDiscounted: discount !== undefined,
    discountPercent: discount?.percent ?? null,
    isNewItem: row.is_new_item === 1,
    isPromoted: extras.promoted.has(row.id),
    showDistributorImage: row.show_distributor_image === 1,
    distributorImage: row.distributor_image_url,
    masterImage: row.master_image_url,
    image: imageOf(row),
    stockLabel: stockLabelOf(row, displayStockLabel(v, audience), stockOnHand, stock.distributorBackorders),
    quantity: extras.cartQty.get(row.id) ?? 0,
    createdAt: row.created_at,
  };
}
