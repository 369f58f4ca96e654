// A catalogue page joined from kept parts is the same text as serialising each product whole, for
// both audiences, every price level, item limits, hidden prices and stock, stock labels (nothing on
// hand, back-orders), cart quantities, and after the parts were kept by another store's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { nowIso } from '../../platform/clock.ts';
import type { Audience, BuyerContext, BuyerTerms } from '../../platform/buyer-context.ts';
import { toCatalogProduct } from './catalog-product.ts';
import { findProductsByIds, loadProductExtras } from './catalog.repository.ts';
import { productListJson } from './product-json.ts';

describe('productListJson', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createCatalogContext();
  });
  afterAll(() => ctx.close());

  it('joins kept parts into exactly the JSON of the whole products', async () => {
    const ids = Object.values(P);
    const rows = await findProductsByIds(ctx.db, WORLD.distributorId, ids);
    expect(rows.length).toBe(ids.length);
    const extras = await loadProductExtras(ctx.db, ids, nowIso());
    const cartQty = new Map([[P.cola, 7]]);
    // Some with nothing on hand (or less): their labels come from the stock, not the kept parts.
    const stock = new Map(rows.map((r, i) => [r.id, i % 3 === 0 ? 0 : i % 3 === 1 ? 1000 + i : -2]));
    const head = Buffer.from('{"data":{"finalProductList":');
    const tail = Buffer.from(',"total":1}}');
    const checked: string[] = [];
    // Twice over: the second round is joined from the parts the first kept.
    for (const round of [1, 2]) {
      for (const audience of ['retailer', 'sales'] as Audience[]) {
        for (const priceLevel of [1, 2, 3, 4, 5]) {
          for (const itemLimitQty of [null, 12]) {
            for (const backOrders of [false, true]) {
              const terms: BuyerTerms = { customerId: WORLD.customers.c10001, priceLevel, itemLimitQty, minOrderCents: null };
              const buyer = { audience } as BuyerContext;
              const page = { rows, extras: { ...extras, cartQty } };
              const json = productListJson(
                ctx.db,
                1,
                page,
                audience,
                terms,
                (id) => stock.get(id),
                backOrders,
                cartQty,
                head,
                tail,
              ).toString();
              const whole = rows.map((r) =>
                toCatalogProduct(r, page.extras, buyer, terms, { distributorBackorders: backOrders, onHand: stock.get(r.id) }),
              );
              expect(json).toBe(`{"data":{"finalProductList":${JSON.stringify(whole)},"total":1}}`);
              checked.push(`${round}${audience}${priceLevel}${itemLimitQty}${backOrders}`);
            }
          }
        }
      }
    }
    expect(checked).toHaveLength(80);
    const labels = new Set(
      rows.map(
        (r) =>
          toCatalogProduct(r, extras, { audience: 'retailer' } as BuyerContext, {} as BuyerTerms, {
            distributorBackorders: false,
            onHand: stock.get(r.id),
          }).stockLabel,
      ),
    );
    expect(labels).toContain('Out of Stock');
  });

  it('remakes a product’s parts when its promotion changes, with no new catalogue version', async () => {
    const rows = await findProductsByIds(ctx.db, WORLD.distributorId, [P.cola]);
    const extras = await loadProductExtras(ctx.db, [P.cola], nowIso());
    const terms: BuyerTerms = { customerId: WORLD.customers.c10001, priceLevel: 1, itemLimitQty: null, minOrderCents: null };
    const json = (e: typeof extras) =>
      JSON.parse(
        productListJson(
          ctx.db,
          2,
          { rows, extras: e },
          'retailer',
          terms,
          () => 5,
          false,
          new Map(),
          Buffer.from(''),
          Buffer.from(''),
        ).toString(),
      ) as object[];
    expect(json(extras)[0]).toMatchObject({ price: 10, isDiscounted: false, isPromoted: false });
    const promoted = { ...extras, discountBp: new Map([[P.cola, 2500]]) };
    expect(json(promoted)[0]).toMatchObject({ price: 7.5, listPrice: 10, isDiscounted: true, discountPercent: 25 });
    expect(json(extras)[0]).toMatchObject({ price: 10, isDiscounted: false });
  });
});
