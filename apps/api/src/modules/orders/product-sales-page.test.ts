// salesPerProductPage against a plain sort of the same sums, on both databases: every sort, direction,
// page and chart size over products with many equal sums, so the candidates cut at the page's and the
// chart's last sums (ties included) never change what is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { salesPerProductPage, type ProductSalesSort } from './sales-summary.repository.ts';

const D = 'dist-page-test';
const DAYS = ['2026-03-10', '2026-03-11', '2026-03-12'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** 30 products named by letters only (their sort is the same in every collation), with sums that repeat. */
const PRODUCTS = Array.from({ length: 30 }, (_, i) => ({
  id: `p${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26)]}`,
  n: (i % 3) + 1,
  qty: (i % 4) + 1,
  cents: ((i * 7) % 3) * 100 + 100,
}));

describe('the product report page', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    // Each product's sums spread over the period's days: the page sums them back.
    const rows = PRODUCTS.flatMap((p) =>
      DAYS.slice(0, p.n).map((day, d) => ({
        distributor_id: D,
        day,
        product_id: p.id,
        orders: 1,
        quantity: d === 0 ? p.qty : 0,
        line_cents: d === 0 ? p.cents : 0,
      })),
    );
    await ctx.db.insertInto('sales_daily_products').values(rows).execute();
  });
  afterAll(() => ctx.close());

  const column = { orders: 'n', quantity: 'qty', amount: 'cents' } as const;
  function expected(sort: ProductSalesSort, dir: 'asc' | 'desc') {
    const sign = dir === 'asc' ? 1 : -1;
    const byName = (a: (typeof PRODUCTS)[number], b: (typeof PRODUCTS)[number]) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return [...PRODUCTS].sort((a, b) =>
      sort === 'name' ? sign * byName(a, b) : sign * (a[column[sort]] - b[column[sort]]) || byName(a, b),
    );
  }

  it('shows the rows a full sort shows, for every sort, direction, page and chart size', async () => {
    const chartOrder = [...PRODUCTS].sort((a, b) => b.cents - a.cents || (a.id < b.id ? -1 : 1)).map((p) => p.id);
    for (const sort of ['name', 'orders', 'quantity', 'amount'] as const)
      for (const dir of ['asc', 'desc'] as const)
        for (const limit of [1, 7, 25])
          for (const offset of [0, 1, 6, 7, 29, 30, 35])
            for (const chartRows of [1, 3, 10]) {
              const page = await salesPerProductPage(ctx.db, {
                distributorId: D,
                from: DAYS[0]!,
                to: DAYS[2]!,
                sort,
                dir,
                offset,
                limit,
                chartRows,
              });
              const what = `${sort} ${dir} offset ${offset} limit ${limit} chart ${chartRows}`;
              expect(
                page.items.map((x) => x.key),
                what,
              ).toEqual(
                expected(sort, dir)
                  .slice(offset, offset + limit)
                  .map((p) => p.id),
              );
              expect(
                page.chart.map((x) => x.key),
                what,
              ).toEqual(chartOrder.slice(0, chartRows));
              expect([page.total, page.totals.orders], what).toEqual([30, PRODUCTS.reduce((a, p) => a + p.n, 0)]);
            }
  });
});
