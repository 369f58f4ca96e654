// Spec §3 "Product as displayed": the catalogue product as the retailer screens show it, with the
// image choice rule of the shared package and the stock label the server sends (spec §3, §4).
import type { CatalogProduct } from '@portal/shared/catalog/catalog.schemas';
import { chooseProductImage } from '@portal/shared/catalog/product-image';
import type { StockLabel } from '@portal/shared/catalog/stock-label';
import type { OrderableProduct } from './quantity-editor';

/** Shown for weight and dimensions, which the catalogue does not carry (spec §3). */
export const DASH = '-';

export interface DisplayedProduct extends OrderableProduct {
  id: string;
  image: string;
  name: string;
  itemNumber: string;
  pack: number;
  case: number;
  uom: string;
  size: string | null;
  UnitOunces: number;
  /** On-hand count when the distributor shows it, else null. */
  stock: number | null;
  stockLabel: StockLabel;
  /** Unit price in dollars; 0 when not sent (spec §3 default). */
  price: number;
  /** True when the distributor hides this product's price (showWithOutPrice). */
  priceHidden: boolean;
  priceWithTax: number;
  listPrice: number | null;
  crvPrice: number;
  taxRate: number;
  /** In the cart right now (spec §3: starts 0). */
  quantity: number;
  upc: string;
  upcs: string[];
  category: string;
  subCategory: string;
  isNewItem: boolean;
  isDiscounted: boolean;
  discountPercent: number | null;
  isPromoted: boolean;
  qtyDiscount: { minQty: number; price: number | null }[];
  productDetails: { brand: string; category: string; sku: string; weight: string; dimensions: string; description: string };
}

export function toDisplayedProduct(p: CatalogProduct): DisplayedProduct {
  const upcs = p.UPCList.map((u) => u.UPC_Number);
  const priceHidden = p.showWithOutPrice || p.price === undefined;
  // Spec §4 label for the audience, decided by the server from the stock on hand at the time of the
  // answer (Out of Stock / Back-order whatever the display flags).
  const stockLabel = p.stockLabel;
  return {
    id: p.id,
    productId: p.id,
    image: chooseProductImage(p),
    name: p.Description,
    itemNumber: p.Item_Number,
    pack: p.Pack,
    case: p.CaseCount,
    uom: p.UOM,
    size: p.Size,
    UnitOunces: p.UnitOunces ?? 0,
    stock: p.showTheInventoryStock && p.Inventory_OnHand !== undefined ? p.Inventory_OnHand : null,
    stockLabel,
    outOfStock: stockLabel === 'Out of Stock',
    price: p.price ?? 0,
    priceHidden,
    priceWithTax: p.priceWithTax ?? 0,
    listPrice: p.listPrice ?? null,
    crvPrice: p.crvPrice ?? 0,
    taxRate: p.Tax_Rate ?? 0,
    quantity: 0,
    upc: p.upc ?? upcs[0] ?? '',
    upcs,
    category: p.Category ?? '',
    subCategory: p.SubCategory ?? '',
    isNewItem: p.isNewItem,
    isDiscounted: p.isDiscounted,
    discountPercent: p.discountPercent,
    isPromoted: p.isPromoted,
    qtyDiscount: p.hasQtyDiscount ? p.qtyDiscount.map((t) => ({ minQty: t.minQty, price: t.price ?? null })) : [],
    hasProductLimit: p.hasProductLimit,
    productLimit: p.productLimit,
    allowToOrder: p.allowToOrder !== false,
    productDetails: {
      brand: p.Brand ?? DASH,
      category: [p.Category, p.SubCategory].filter(Boolean).join(' / ') || DASH,
      sku: p.Item_Number,
      weight: DASH,
      dimensions: DASH,
      description: p.Description,
    },
  };
}
