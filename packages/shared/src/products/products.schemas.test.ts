import { describe, expect, it } from 'vitest';
import {
  bulkEditBody,
  chooseProductImage,
  dollarsField,
  productBody,
  productListQuery,
  stockStatusOf,
} from './products.schemas.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('product form rules', () => {
  it('fills the defaults of a minimal product', () => {
    const p = productBody.parse({ itemNumber: ' A1 ', description: 'Chips' });
    expect(p).toMatchObject({ itemNumber: 'A1', pack: 1, caseCount: 1, uom: 'EA', upcs: [], qtyDiscounts: [] });
    expect(p).toMatchObject({ allowToOrder: true, allowToOrderSalesRep: true, showLowStock: false, productLimit: null });
  });

  it('names the failing rule', () => {
    const base = { itemNumber: 'A1', description: 'Chips' };
    expect(firstMessage(productBody.safeParse({ description: 'x' }))).toBe('Item number is required');
    expect(firstMessage(productBody.safeParse({ itemNumber: 'A1', description: ' ' }))).toBe('Description is required');
    expect(firstMessage(productBody.safeParse({ ...base, upcs: ['12345'] }))).toBe('UPC must be 6 to 14 digits');
    expect(firstMessage(productBody.safeParse({ ...base, upcs: ['123456', '123456'] }))).toBe('UPC 123456 is listed twice');
    expect(firstMessage(productBody.safeParse({ ...base, price2Cents: 1.5 }))).toBe('Price 2 must be 0 or more, in whole cents');
    expect(
      firstMessage(
        productBody.safeParse({
          ...base,
          qtyDiscounts: [
            { minQty: 5, discountCents: 10 },
            { minQty: 5, discountCents: 20 },
          ],
        }),
      ),
    ).toBe('Tier quantities must increase from one tier to the next');
    expect(firstMessage(productBody.safeParse({ ...base, subcategoryId: 's1' }))).toBe('Choose a category before a subcategory');
  });

  it('takes dollars with at most 2 decimals on the editor side', () => {
    expect(dollarsField().parse('12.34')).toBe(1234);
    expect(dollarsField().parse(0.1)).toBe(10);
    expect(firstMessage(dollarsField().safeParse('1.234'))).toBe('Enter an amount of 0 or more with at most 2 decimals');
    expect(firstMessage(dollarsField().safeParse(-1))).toBe('Enter an amount of 0 or more with at most 2 decimals');
  });

  it('defaults the list and refuses unknown filters', () => {
    expect(productListQuery.parse({})).toEqual({ page: 1, limit: 25, status: 'all', stock: 'all' });
    expect(productListQuery.parse({ promoted: 'true' }).promoted).toBe(true);
    expect(firstMessage(productListQuery.safeParse({ flag: 'nope' }))).toMatch(/^flag must be one of: showInventoryStock/);
  });

  it('checks a bulk change', () => {
    const ok = bulkEditBody.safeParse({ ids: ['a'], change: { kind: 'pricePercent', percent: 12.5, levels: [1, 3] } });
    expect(ok.success).toBe(true);
    expect(firstMessage(bulkEditBody.safeParse({ ids: [], change: { kind: 'productLimit', productLimit: null } }))).toBe(
      'Select at least one product',
    );
    expect(firstMessage(bulkEditBody.safeParse({ ids: ['a'], change: { kind: 'flags', flags: {} } }))).toBe(
      'Choose at least one flag to set',
    );
    expect(
      firstMessage(bulkEditBody.safeParse({ ids: ['a'], change: { kind: 'pricePercent', percent: -91, levels: [1] } })),
    ).toBe('Percent must be between -90 and 500, with at most 2 decimals');
  });

  it('chooses the image and the stock status as the spec says', () => {
    expect(chooseProductImage({ showDistributorImage: true, distributorImageUrl: '/d.png', masterImageUrl: '/m.png' })).toBe(
      '/d.png',
    );
    expect(chooseProductImage({ showDistributorImage: false, distributorImageUrl: '/d.png', masterImageUrl: '/m.png' })).toBe(
      '/m.png',
    );
    expect(chooseProductImage({ showDistributorImage: true, distributorImageUrl: null, masterImageUrl: null })).toBeNull();
    expect([stockStatusOf(0, 10), stockStatusOf(10, 10), stockStatusOf(11, 10)]).toEqual(['outOfStock', 'low', 'inStock']);
  });
});
