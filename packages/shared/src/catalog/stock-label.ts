// Stock labels of spec §4 "Stock label", one rule per audience.
export type StockLabel = 'In Stock' | 'Low Stock';

/** Displayed products (retailer): in stock if inventory display is on, else low stock if the low-stock flag is set, else in stock. */
export function retailerStockLabel(flags: { showInventoryStock: boolean; showLowStock: boolean }): StockLabel {
  if (flags.showInventoryStock) return 'In Stock';
  return flags.showLowStock ? 'Low Stock' : 'In Stock';
}

/** Sales reps: low stock only when the show-inventory flag is off and the show-low-stock flag is on, otherwise in stock. */
export function salesStockLabel(flags: { showInventoryStockToSalesRep: boolean; showLowStockToSalesRep: boolean }): StockLabel {
  return !flags.showInventoryStockToSalesRep && flags.showLowStockToSalesRep ? 'Low Stock' : 'In Stock';
}
