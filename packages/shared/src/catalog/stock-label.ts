// Stock labels of spec §4 "Stock label", one display rule per audience, overruled by the stock on hand
// (issue 13): nothing on hand is Out of Stock, or Back-order where back-orders are allowed.
export const STOCK_LABELS = ['In Stock', 'Low Stock', 'Out of Stock', 'Back-order'] as const;
export type StockLabel = (typeof STOCK_LABELS)[number];

/** Displayed products (retailer): in stock if inventory display is on, else low stock if the low-stock flag is set, else in stock. */
export function retailerStockLabel(flags: { showInventoryStock: boolean; showLowStock: boolean }): StockLabel {
  if (flags.showInventoryStock) return 'In Stock';
  return flags.showLowStock ? 'Low Stock' : 'In Stock';
}

/** Sales reps: low stock only when the show-inventory flag is off and the show-low-stock flag is on, otherwise in stock. */
export function salesStockLabel(flags: { showInventoryStockToSalesRep: boolean; showLowStockToSalesRep: boolean }): StockLabel {
  return !flags.showInventoryStockToSalesRep && flags.showLowStockToSalesRep ? 'Low Stock' : 'In Stock';
}

/**
 * Back-orders are allowed for a product when its own allow_backorder flag is set or the distributor's
 * allow_backorders setting is on.
 */
export function backOrderAllowed(opts: { productAllowsBackorder: boolean; distributorAllowsBackorders: boolean }): boolean {
  return opts.productAllowsBackorder || opts.distributorAllowsBackorders;
}

/**
 * The label a buyer sees: with nothing on hand, Out of Stock (or Back-order when allowed) whatever the
 * display flags; otherwise the audience's display label (retailerStockLabel / salesStockLabel).
 */
export function stockLabelWithStock(opts: { onHand: number; backOrderAllowed: boolean; displayLabel: StockLabel }): StockLabel {
  if (opts.onHand <= 0) return opts.backOrderAllowed ? 'Back-order' : 'Out of Stock';
  return opts.displayLabel;
}

/** The distributor setting (settings table) that allows back-orders of every product. */
export const ALLOW_BACKORDERS_SETTING_KEY = 'allow_backorders';

/** The setting's stored JSON: only `true` allows; absent or anything else does not. */
export function parseAllowBackordersSetting(raw: string | null | undefined): boolean {
  if (!raw) return false;
  try {
    return JSON.parse(raw) === true;
  } catch {
    return false;
  }
}
