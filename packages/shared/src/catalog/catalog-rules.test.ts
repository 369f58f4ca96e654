import { describe, expect, it } from 'vitest';
import { inventoryFilterBody } from './catalog.schemas.ts';
import { chooseProductImage, DEFAULT_PRODUCT_IMAGE } from './product-image.ts';
import { retailerStockLabel, salesStockLabel } from './stock-label.ts';

describe('stock label (spec §4)', () => {
  it('retailer: in stock if inventory display is on, else low stock if the flag is set, else in stock', () => {
    expect(retailerStockLabel({ showInventoryStock: true, showLowStock: true })).toBe('In Stock');
    expect(retailerStockLabel({ showInventoryStock: true, showLowStock: false })).toBe('In Stock');
    expect(retailerStockLabel({ showInventoryStock: false, showLowStock: true })).toBe('Low Stock');
    expect(retailerStockLabel({ showInventoryStock: false, showLowStock: false })).toBe('In Stock');
  });
  it('sales: low stock only when show-inventory is off and show-low-stock is on', () => {
    expect(salesStockLabel({ showInventoryStockToSalesRep: false, showLowStockToSalesRep: true })).toBe('Low Stock');
    expect(salesStockLabel({ showInventoryStockToSalesRep: true, showLowStockToSalesRep: true })).toBe('In Stock');
    expect(salesStockLabel({ showInventoryStockToSalesRep: false, showLowStockToSalesRep: false })).toBe('In Stock');
    expect(salesStockLabel({ showInventoryStockToSalesRep: true, showLowStockToSalesRep: false })).toBe('In Stock');
  });
});

describe('image choice (spec §3)', () => {
  it('distributor image when shown and present, else master, else default', () => {
    expect(chooseProductImage({ showDistributorImage: true, distributorImage: '/d.png', masterImage: '/m.png' })).toBe('/d.png');
    expect(chooseProductImage({ showDistributorImage: false, distributorImage: '/d.png', masterImage: '/m.png' })).toBe('/m.png');
    expect(chooseProductImage({ showDistributorImage: true, distributorImage: null, masterImage: '/m.png' })).toBe('/m.png');
    expect(chooseProductImage({ showDistributorImage: true, distributorImage: '', masterImage: null })).toBe(
      DEFAULT_PRODUCT_IMAGE,
    );
  });
});

describe('inventory filter', () => {
  it('defaults page 1 and limit 50, caps limit at 200', () => {
    expect(inventoryFilterBody.parse({})).toMatchObject({ page: 1, limit: 50, only: [] });
    expect(inventoryFilterBody.safeParse({ limit: 201 }).success).toBe(false);
    expect(inventoryFilterBody.safeParse({ limit: 0 }).success).toBe(false);
    expect(inventoryFilterBody.parse({ only: 'new', search: '  ' })).toMatchObject({ only: ['new'], search: undefined });
  });
});
