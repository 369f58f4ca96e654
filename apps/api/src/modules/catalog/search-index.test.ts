// The in-process index must answer exactly as the SQL path (FTS5 on SQLite) does: same total, facets
// and page order, for every filter and sort it serves. Compared over a generated catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, CAT, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { dialectOf } from '../../db/database.ts';
import { findExactMatchIds, searchProducts, searchTokens, totalAndFacets, type ProductQuery } from './catalog.repository.ts';
import {
  buildSearchIndex,
  matchWords,
  searchIndexFor,
  searchWithIndex,
  type IndexedQuery,
  type SearchIndex,
} from './search-index.ts';

const WORDS = ['cola', 'colada', 'cold', 'chips', 'chip', 'crème', 'creme', 'lime', 'limón', 'mix', 'max', 'a', 'x', 'jay', 's'];
const BRANDS = ['FizzCo', 'fizzco', 'Volt', 'Crunchy', null];
const CATS = [CAT.beverages, CAT.snacks, null];

describe('catalogue search index', () => {
  let ctx: TestContext;
  let sqlite = false;
  beforeAll(async () => {
    ctx = await createCatalogContext();
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
    // Prefixes of a few rare words (their lists merged by sorting) alone and with a common word.
    'g11',
    'g11 cola',
    'col g10',
    '70000000001',
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
        expect({ label, page: searchWithIndex(index, { ...v, searchTokens: tokens, text }, 0, 5).pageIds }).toEqual({
          label,
          page: firstPage,
        });
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

  it('matches words as a plain set intersection would, for rare and common prefixes', () => {
    // A synthetic index of 20,000 products: words of a few letters, some very common, most rare, so
    // both ways of merging a prefix's posting lists (sorting a few, marking many) are used.
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const size = 20_000;
    const lists = new Map<string, Set<number>>();
    const letters = 'abcdefgh';
    for (let i = 0; i < size; i++) {
      for (let k = 0; k < 4; k++) {
        const common = rnd(4) === 0;
        const len = common ? 2 : 3 + rnd(3);
        const word = Array.from({ length: len }, () => letters[rnd(common ? 2 : letters.length)]).join('');
        (lists.get(word) ?? lists.set(word, new Set()).get(word)!).add(i);
      }
      // A few products with two rare words of the same prefix: a merged prefix must list them once.
      if (i % 50 === 0) for (const word of ['abcda', 'abcdb']) (lists.get(word) ?? lists.set(word, new Set()).get(word)!).add(i);
    }
    const words = [...lists.keys()].sort();
    const postingStart = new Int32Array(words.length + 1);
    const flat: number[] = [];
    words.forEach((w, k) => {
      postingStart[k] = flat.length;
      flat.push(...[...lists.get(w)!].sort((a, b) => a - b));
    });
    postingStart[words.length] = flat.length;
    const index = { size, words, postingStart, postings: Int32Array.from(flat) } as unknown as SearchIndex;
    const naive = (query: string[]) => {
      let result: Set<number> | undefined;
      for (const q of query) {
        const set = new Set<number>();
        for (const [w, ids] of lists) if (q.length < 2 ? w === q : w.startsWith(q)) ids.forEach((i) => set.add(i));
        result = result ? new Set([...result].filter((i) => set.has(i))) : set;
      }
      return [...(result ?? [])].sort((a, b) => a - b);
    };
    const queries = [
      ['ab'],
      ['abc'],
      ['abcd'],
      ['abcd', 'ab'],
      ['hgf'],
      ['a'],
      ['ab', 'ba'],
      ['abc', 'ab'],
      ['hg', 'ab'],
      ['efg', 'cde'],
      ['gh', 'hgfe'],
      ['zz'],
      ['ab', 'zz'],
    ];
    for (let q = 0; q < 40; q++)
      queries.push([letters.slice(rnd(6), 8).slice(0, 2 + rnd(2)), ...(rnd(2) ? ['a' + letters[rnd(2)]!] : [])]);
    for (const query of queries) expect({ query, ids: [...matchWords(index, query)] }).toEqual({ query, ids: naive(query) });
  });
});
