// The in-process index must answer exactly as the SQL path (FTS5 on SQLite) does: same total, facets
// and page order, for every filter and sort it serves. Compared over a generated catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogFixtures, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { dialectOf } from './buyer-context.ts';
import { findExactMatchIds, searchProducts, searchTokens, totalAndFacets, type ProductQuery } from './catalog.repository.ts';
import { buildSearchIndex, searchIndexFor, searchWithIndex, type IndexedQuery } from './search-index.ts';

const WORDS = ['cola', 'colada', 'cold', 'chips', 'chip', 'crème', 'creme', 'lime', 'limón', 'mix', 'max', 'a', 'x', 'jay', 's'];
const BRANDS = ['FizzCo', 'fizzco', 'Volt', 'Crunchy', null];
const CATS = [CAT.beverages, CAT.snacks, null];

describe('catalogue search index', () => {
  let ctx: TestContext;
  let sqlite = false;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await createCatalogFixtures(ctx.db);
    sqlite = dialectOf(ctx.db) === 'sqlite';
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 240; i++) {
      const words = Array.from({ length: 1 + rnd(4) }, () => WORDS[rnd(WORDS.length)]!);
      const capital = rnd(2) === 0;
      await insertProduct(ctx.db, {
        id: `gen-${String(i).padStart(3, '0')}`,
        item_number: `G${rnd(3) === 0 ? '-' : ''}${100 + (i % 97)}-${i}`,
        description: `${capital ? words.join(' ').toUpperCase() : words.join(' ')}${rnd(3) === 0 ? " jay's" : ''}`,
        brand: BRANDS[rnd(BRANDS.length)]!,
        category_id: CATS[rnd(CATS.length)]!,
        is_new_item: rnd(3) === 0 ? 1 : 0,
        price1_cents: 100 + rnd(5) * 50,
        price2_cents: 100 + rnd(7) * 25,
        is_active: rnd(10) === 0 ? 0 : 1,
        upcs: rnd(2) === 0 ? [`7${String(i).padStart(11, '0')}`] : [],
      });
    }
  });
  afterAll(() => ctx.close());

  const searches = [
    'cola',
    'col',
    'COLA mix',
    'cre',
    'creme',
    'crème',
    'limon',
    'a',
    'a cola',
    's',
    "jay's",
    'x max',
    'G-110',
    'g110',
    '700000000012',
    '7000',
    'fizz',
    'nothing',
    'ch ch',
  ];
  const variants: Omit<IndexedQuery, 'searchTokens' | 'text'>[] = [
    { sort: 'relevance', onlyNew: false, priceLevel: 1 },
    { sort: 'name', onlyNew: false, priceLevel: 1 },
    { sort: 'priceAsc', onlyNew: false, priceLevel: 2 },
    { sort: 'priceDesc', onlyNew: true, priceLevel: 1 },
    { sort: 'newest', onlyNew: false, priceLevel: 1 },
    { sort: 'relevance', onlyNew: false, priceLevel: 1, brand: 'FIZZCO' },
    { sort: 'name', onlyNew: false, priceLevel: 1, category: 'snacks' },
    { sort: 'relevance', onlyNew: true, priceLevel: 1, category: CAT.beverages, brand: 'volt' },
  ];

  it('answers as the SQL search does: total, facets and page order', async () => {
    if (!sqlite) return; // PostgreSQL keeps its own (substring) search
    const index = await buildSearchIndex(ctx.db, WORLD.distributorId, 1);
    let compared = 0;
    for (const text of searches) {
      for (const v of variants) {
        const tokens = searchTokens(text);
        const q: ProductQuery = {
          distributorId: WORLD.distributorId,
          priceLevel: v.priceLevel,
          searchTokens: tokens,
          exactIds: await findExactMatchIds(ctx.db, WORLD.distributorId, text),
          category: v.category,
          brand: v.brand,
          only: v.onlyNew ? ['new'] : [],
          sort: v.sort,
          now: new Date().toISOString(),
          bestSellingSince: new Date().toISOString(),
        };
        const expected = await totalAndFacets(ctx.db, q);
        const page = expected.total ? (await searchProducts(ctx.db, q, 5, 20, expected.total)).rows.map((r) => r.id) : [];
        const got = searchWithIndex(index, { ...v, searchTokens: tokens, text }, 5, 20);
        const label = JSON.stringify({ text, ...v });
        expect({ label, total: got.total, facets: got.facets, page: got.pageIds }).toEqual({
          label,
          total: expected.total,
          facets: expected.facets,
          page,
        });
        // Another page of the same search comes from the order kept with the index.
        const firstPage = expected.total ? (await searchProducts(ctx.db, q, 0, 5, expected.total)).rows.map((r) => r.id) : [];
        expect({ label, page: searchWithIndex(index, { ...v, searchTokens: tokens, text }, 0, 5).pageIds }).toEqual({ label, page: firstPage });
        if (page.length > 1) compared++;
      }
    }
    expect(compared).toBeGreaterThan(60); // most comparisons are over real pages, not empty answers
  });

  it('is rebuilt in the background when the catalogue version changes', async () => {
    if (!sqlite) return;
    const first = await searchIndexFor(ctx.db, WORLD.distributorId, 100);
    expect(first?.version).toBe(100);
    // A newer version: answered from SQL (undefined) until the new index is built, then swapped in.
    expect(await searchIndexFor(ctx.db, WORLD.distributorId, 101)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect((await searchIndexFor(ctx.db, WORLD.distributorId, 101))?.version).toBe(101);
  });
});
