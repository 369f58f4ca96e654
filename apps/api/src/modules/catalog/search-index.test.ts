// The search index answers exactly what the ranking rules at the top of catalog-search.ts say: a plain
// reference (every product's words, filter, full sort, exact ones first) gives the same page, total and
// facets over a few hundred queries, after loading and again after edits that replace products in place
// (price, flag, stock, brand), move them (description), add, deactivate and delete them, and once the
// word lists are compacted and their slots reused. It breaks when
// the snapshot's columns or word slots (catalog-snapshot.ts, "Columns") fall behind the entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { createRng } from '../../db/seed/prng.ts';
import { seedDataset } from '../../db/seed/seed-dataset.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';
import { levelPriceCents } from './catalog-product.ts';
import { promotionFor, rulesFor, type PromotionBuyer } from './catalog-promotions.ts';
import { initialRelevance, search, searchWords, type SearchQuery } from './catalog-search.ts';
import { catalogChanged } from './catalog.service.ts';
import { byNameOrder, foldWords, newestOrder, snapshotFor, type Entry, type Snapshot } from './catalog-snapshot.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ranking rules of catalog-search.ts, applied to every product with a full sort. */
function reference(snap: Snapshot, q: SearchQuery, buyer: PromotionBuyer, at: string, sold: ReadonlyMap<string, number>) {
  const lower = (s: string | null | undefined) => s?.toLowerCase();
  const named = (id: string | null, value: string | undefined, names: (id: string) => string | undefined) =>
    value === undefined || (!!id && (id === value || lower(names(id)) === value.toLowerCase()));
  const categoryName = (id: string) => snap.categories.get(id)?.name;
  const rules = rulesFor(snap.promotions, buyer, at);
  const passes = (e: Entry) => {
    if (e.is_active !== 1) return false;
    if (q.words.length > 0) {
      const words = [
        ...new Set([
          ...foldWords(e.description),
          ...foldWords(e.brand),
          ...foldWords(e.item_number),
          ...e.upcs.flatMap(foldWords),
        ]),
      ];
      if (!q.words.every((w) => words.some((t) => (w.length < 2 ? t === w : t.startsWith(w))))) return false;
    }
    if (!named(e.subcategory_id, q.subCategory, categoryName)) return false;
    if (!named(e.vendor_id, q.vendor, (id) => snap.vendors.get(id))) return false;
    if (q.only.includes('new') && e.is_new_item !== 1) return false;
    if (q.only.includes('inStock') && !(e.stock_on_hand > 0)) return false;
    const promo = promotionFor(snap.promotions, rules, e, buyer, at, levelPriceCents(e, buyer.priceLevel));
    if (q.only.includes('promoted') && !promo.promoted) return false;
    if (q.only.includes('discounted') && promo.discountCents === 0 && e.tiers.length === 0) return false;
    return true;
  };
  const brandOk = (e: Entry) => q.brand === undefined || (!!e.brand && e.brand.toLowerCase() === q.brand.toLowerCase());
  const categoryOk = (e: Entry) => named(e.category_id, q.category, categoryName);
  const passing = [...snap.products.values()].filter(passes);
  const matches = passing.filter((e) => brandOk(e) && categoryOk(e));
  const categories = new Map<string, number>();
  const brands = new Map<string, number>();
  for (const e of passing) {
    if (brandOk(e) && e.category_id && categoryName(e.category_id) !== undefined)
      categories.set(e.category_id, (categories.get(e.category_id) ?? 0) + 1);
    if (categoryOk(e) && e.brand) brands.set(e.brand, (brands.get(e.brand) ?? 0) + 1);
  }
  const first = ` ${q.words[0] ?? ''}`;
  const descWords = (e: Entry) => ` ${foldWords(e.description).join(' ')}`;
  const relevance = (e: Entry) => (!q.words[0] ? 0 : descWords(e).startsWith(first) ? 0 : descWords(e).includes(first) ? 1 : 2);
  const price = (e: Entry) => levelPriceCents(e, q.priceLevel);
  const primary: Record<SearchQuery['sort'], (a: Entry, b: Entry) => number> = {
    relevance: (a, b) => relevance(a) - relevance(b),
    name: () => 0,
    priceAsc: (a, b) => price(a) - price(b),
    priceDesc: (a, b) => price(b) - price(a),
    newest: (a, b) => newestOrder(a, b),
    bestSelling: (a, b) => (sold.get(b.id) ?? 0) - (sold.get(a.id) ?? 0),
  };
  matches.sort((a, b) => primary[q.sort](a, b) || byNameOrder(a, b));
  const text = q.text.trim();
  const exact = (e: Entry) =>
    q.words.length > 0 && (e.item_number === text || e.item_number === text.toUpperCase() || e.upcs.includes(text));
  const ordered = [...matches.filter(exact), ...matches.filter((e) => !exact(e))];
  return {
    ids: ordered.map((e) => e.id),
    total: ordered.length,
    categories: [...categories]
      .map(([id, count]) => ({ id, name: categoryName(id)!, count }))
      .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id)),
    brands: [...brands].map(([name, count]) => ({ name, count })).sort((a, b) => byText(a.name, b.name)),
  };
}

describe('the search index answers as the ranking rules say', () => {
  let ctx: TestContext;
  const distributorId = WORLD.distributorId;
  const buyer: PromotionBuyer = { customerId: WORLD.customers.c10001, priceLevel: 3, route: '101' };

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDataset(ctx.db, { products: 1200, customers: 3, orders: 40 }, { now: NOW });
  });
  afterAll(() => ctx.close());

  async function compareQueries(seed: string, count: number) {
    catalogChanged(ctx.db, distributorId);
    const snap = await snapshotFor(ctx.db, distributorId);
    const at = new Date().toISOString();
    const products = [...snap.products.values()];
    const rng = createRng(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rng.next() * list.length)]!;
    const words = [...new Set(products.flatMap((p) => foldWords(`${p.description} ${p.brand ?? ''}`)))];
    const sold = new Map(products.filter((_, i) => i % 4 === 0).map((p, i) => [p.id, (i * 7) % 13]));
    const sorts: SearchQuery['sort'][] = ['relevance', 'name', 'priceAsc', 'priceDesc', 'newest', 'bestSelling'];
    const onlys: SearchQuery['only'][] = [[], [], ['new'], ['inStock'], ['discounted'], ['promoted'], ['inStock', 'new']];
    let nonEmpty = 0;
    for (let i = 0; i < count; i++) {
      const kind = i % 7;
      const w = pick(words);
      const text =
        [w, w.slice(0, 1 + Math.floor(rng.next() * 3)), `${pick(words)} ${w.slice(0, 3)}`, '', 'zzyzx'][kind] ??
        (kind === 5 ? pick(products).item_number : (pick(products.filter((p) => p.upcs.length > 0)).upcs[0] ?? ''));
      const e = pick(products);
      const q: SearchQuery = {
        text,
        words: searchWords(text),
        sort: pick(sorts),
        only: pick(onlys),
        priceLevel: 1 + Math.floor(rng.next() * 5),
        ...(rng.next() < 0.15 && e.brand ? { brand: e.brand.toUpperCase() } : {}),
        ...(rng.next() < 0.1 && e.category_id ? { category: rng.next() < 0.5 ? e.category_id : e.category_name! } : {}),
        ...(rng.next() < 0.05 && e.subcategory_id ? { subCategory: e.subcategory_id } : {}),
        ...(rng.next() < 0.05 && e.vendor_id ? { vendor: e.vendor_id } : {}),
      };
      const page = 1 + Math.floor(rng.next() * 3);
      const limit = [5, 20, 50][i % 3]!;
      const want = reference(snap, q, buyer, at, sold);
      const got = search(snap, q, buyer, at, sold, page * limit);
      expect(got.entries.length >= Math.min(page * limit, got.total)).toBe(true);
      expect({
        q,
        page: got.entries.slice((page - 1) * limit, page * limit).map((x) => x.id),
        total: got.total,
        categories: [...got.facets.categories].sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id)),
        brands: got.facets.brands,
      }).toEqual({
        q,
        page: want.ids.slice((page - 1) * limit, page * limit),
        total: want.total,
        categories: want.categories,
        brands: want.brands,
      });
      if (want.total > 0) nonEmpty++;
    }
    if (count >= 100) expect(nonEmpty).toBeGreaterThan(count / 4);
  }

  it('after loading', async () => {
    await compareQueries('search-index-load', 400);
  });

  it('after edits in place, moves, new, deactivated and deleted products, UPC and stock changes', async () => {
    await compareQueries('search-index-warm', 20);
    const db = ctx.db;
    const ids = (
      await db.selectFrom('products').select('id').where('distributor_id', '=', distributorId).orderBy('id').execute()
    ).map((r) => r.id);
    const some = (from: number, n: number) => ids.slice(from, from + n);
    await db.updateTable('products').set({ price3_cents: 1 }).where('id', 'in', some(0, 40)).execute();
    await db.updateTable('products').set({ is_new_item: 1 }).where('id', 'in', some(40, 40)).execute();
    await db.updateTable('products').set({ brand: 'Zesty Test Brand' }).where('id', 'in', some(80, 20)).execute();
    await db.updateTable('products').set({ is_active: 0 }).where('id', 'in', some(130, 30)).execute();
    await db.updateTable('products').set({ stock_on_hand: 0 }).where('id', 'in', some(160, 60)).execute();
    await db.updateTable('products').set({ item_number: 'ZX-9001' }).where('id', '=', ids[220]!).execute();
    await db.deleteFrom('product_upcs').where('product_id', 'in', some(230, 10)).execute();
    // Only products replaced in place so far (their places in the orders kept).
    await compareQueries('search-index-in-place', 300);
    await db.updateTable('products').set({ description: 'Aardvark Test Crunch' }).where('id', 'in', some(100, 30)).execute();
    await db.updateTable('products').set({ price3_cents: 2 }).where('id', 'in', some(0, 10)).execute();
    const added: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `search-index-new-${i}`;
      added.push(id);
      await insertProduct(db, {
        id,
        item_number: `NEW-${i}`,
        description: `${i % 2 ? 'Aardvark' : 'Zebra'} New Chips ${i}`,
        brand: i % 3 ? 'Zesty Test Brand' : null,
        upcs: [`99000000${i}`],
        stock_on_hand: i % 4,
      });
    }
    await db.deleteFrom('product_upcs').where('product_id', 'in', added.slice(0, 4)).execute();
    await db.deleteFrom('products').where('id', 'in', added.slice(0, 4)).execute();
    await compareQueries('search-index-moved', 300);
    // A quarter of the catalogue renamed: the word lists are compacted and the slots given up are
    // given again to the products added next.
    await db.updateTable('products').set({ description: 'Renamed Bulk Snack' }).where('id', 'in', some(300, 350)).execute();
    await compareQueries('search-index-compacted', 100);
    const snap = await snapshotFor(db, distributorId);
    expect(snap.free.length).toBeGreaterThan(300);
    const slots = snap.slots;
    for (let i = 0; i < 5; i++)
      await insertProduct(db, { id: `search-index-late-${i}`, item_number: `LATE-${i}`, description: `Late Crunch ${i}` });
    await compareQueries('search-index-reused', 200);
    expect(snap.slots).toBe(slots);
  });
});

describe('relevance of a one-letter first word', () => {
  // What initialRelevance promises, read from the folded words themselves.
  const byFolding = (description: string, letter: string) => {
    const words = foldWords(description);
    return words[0]?.startsWith(letter) ? 0 : words.some((w) => w.startsWith(letter)) ? 1 : 2;
  };
  const descriptions = [
    'Coca-Cola Classic 12oz Can 24pk',
    '  (New) Salsa Verde Hot & Mild',
    '7UP lemon-lime 2L',
    'Jalapeño Chips sea-salt',
    'Éclair Crème Brûlée Bites',
    'Straße Ölkuchen',
    '',
    '---',
    'a b c',
    'Ab1c2 d3E',
  ];
  it('is 0 when the first word starts with the letter, 1 when another does, 2 when none', () => {
    expect(initialRelevance('Coca-Cola Classic 12oz', 'c')).toBe(0);
    expect(initialRelevance('Coca-Cola Classic 12oz', '1')).toBe(1);
    expect(initialRelevance('Coca-Cola Classic 12oz', 'o')).toBe(2);
    expect(initialRelevance('Jalapeño Éclair', 'e')).toBe(1);
    for (const d of descriptions)
      for (const letter of 'abcdehjlmnostuvz01237ñéö')
        expect([d, letter, initialRelevance(d, letter)]).toEqual([d, letter, byFolding(d, letter)]);
  });
});
