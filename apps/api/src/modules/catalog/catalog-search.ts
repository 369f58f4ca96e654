// Catalogue search over a distributor's snapshot, in JavaScript: the same code and so the same answers
// on SQLite and PostgreSQL. The ranking (docs/performance.md, "Catalogue search"):
//   - matching: every search word (at most 8; letters and digits, lower case, diacritics removed) starts
//     a word of the description, brand, item number or a UPC; a one-letter word must be a whole word;
//   - a product whose item number or one UPC is exactly the text comes first, whatever the sort;
//   - relevance: descriptions starting with the first word, then having a word that starts with it,
//     then the rest; ties (and the name sort) by description, then id, in code-unit order;
//   - price sorts: the customer's level price, newest: created_at then id (descending), best selling:
//     quantity sold in the last 90 days; ties by name order.
// Only active products are listed. Facets count what matches with every filter but their own.
import type { InventoryFilter } from '@portal/shared/catalog/catalog.schemas';
import { levelPriceCents } from './catalog-product.ts';
import { promotionFor, rulesFor, type PromotionBuyer } from './catalog-promotions.ts';
import { entriesOf, foldWords, type Codes, type Entry, type Snapshot } from './catalog-snapshot.ts';

export interface Facets {
  categories: { id: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
}

export interface SearchResult {
  /**
   * Every matching product's entry, in the answer's order (pages are slices of it). An entry replaced
   * since (not `live`) is read again by id by whoever maps a page.
   */
  entries: Entry[];
  facets: Facets;
}

export interface SearchQuery {
  text: string;
  words: string[];
  category?: string;
  subCategory?: string;
  brand?: string;
  vendor?: string;
  only: InventoryFilter['only'];
  sort: NonNullable<InventoryFilter['sort']>;
  priceLevel: number;
}

/** The search words of a text: folded words, at most 8. */
export function searchWords(text: string | undefined): string[] {
  return foldWords(text).slice(0, 8);
}

/** Does the query's answer depend on promotions running now, on stock, on the price level, on sales? */
export function dependsOn(q: Pick<SearchQuery, 'only' | 'sort'>) {
  return {
    promotions: q.only.includes('promoted') || q.only.includes('discounted'),
    stock: q.only.includes('inStock'),
    priceLevel: q.sort === 'priceAsc' || q.sort === 'priceDesc',
    sales: q.sort === 'bestSelling',
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The indexed words a search word matches: those starting with it (a one-letter word: only itself). */
function wordsMatching(snap: Snapshot, word: string): string[] {
  if (word.length < 2) return snap.wordIndex.has(word) ? [word] : [];
  let lo = 0;
  let hi = snap.words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (snap.words[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < snap.words.length && snap.words[i]!.startsWith(word); i++) out.push(snap.words[i]!);
  return out;
}

/**
 * The live entries matching every search word, in no particular order (every sort orders them whole,
 * ties by name). Entries are marked with a number per search word (`seen`), starting from the word
 * with the fewest entries: no sets are built.
 */
function textMatches(snap: Snapshot, words: readonly string[]): Entry[] {
  const groups = words
    .map((w) => {
      const matching = wordsMatching(snap, w);
      let size = 0;
      for (const m of matching) size += entriesOf(snap.wordIndex.get(m)).length;
      return { matching, size };
    })
    .sort((a, b) => a.size - b.size);
  let current: Entry[] = [];
  let previous = -1;
  for (const [i, g] of groups.entries()) {
    const stamp = ++snap.stamp;
    const next: Entry[] = [];
    for (const m of g.matching)
      for (const e of entriesOf(snap.wordIndex.get(m)))
        if (e.live && e.seen !== stamp && (i === 0 || e.seen === previous)) {
          e.seen = stamp;
          next.push(e);
        }
    current = next;
    previous = stamp;
    if (current.length === 0) return [];
  }
  return current;
}

/** A mask over codes: 1 for the categories (or vendors) whose id is the value or whose name is it, letter case aside. */
function maskNamed(codes: Codes, names: ReadonlyMap<string, string>, value: string): Uint8Array {
  const lower = value.toLowerCase();
  const mask = new Uint8Array(codes.values.length);
  codes.values.forEach((id, code) => {
    if (id === value || names.get(id)?.toLowerCase() === lower) mask[code] = 1;
  });
  return mask;
}

export function search(
  snap: Snapshot,
  q: SearchQuery,
  buyer: PromotionBuyer,
  at: string,
  sold?: ReadonlyMap<string, number>,
): SearchResult {
  const candidates = q.words.length > 0 ? textMatches(snap, q.words) : snap.byName;
  const categoryNames = q.category || q.subCategory ? new Map([...snap.categories].map(([id, c]) => [id, c.name])) : undefined;
  const category = q.category ? maskNamed(snap.categoryCodes, categoryNames!, q.category) : undefined;
  const subCategory = q.subCategory ? maskNamed(snap.categoryCodes, categoryNames!, q.subCategory) : undefined;
  const vendor = q.vendor ? maskNamed(snap.vendorCodes, snap.vendors, q.vendor) : undefined;
  let brand: Uint8Array | undefined;
  if (q.brand !== undefined) {
    const lower = q.brand.toLowerCase();
    brand = new Uint8Array(snap.brandCodes.values.length);
    snap.brandCodes.values.forEach((name, code) => {
      if (name.toLowerCase() === lower) brand![code] = 1;
    });
  }
  const onlyNew = q.only.includes('new');
  const inStock = q.only.includes('inStock');
  const promoted = q.only.includes('promoted');
  const discounted = q.only.includes('discounted');
  const rules = promoted || discounted ? rulesFor(snap.promotions, buyer, at) : [];

  const matches: Entry[] = [];
  const categoryCounts = new Int32Array(snap.categoryCodes.values.length);
  const brandCounts = new Int32Array(snap.brandCodes.values.length);
  for (const r of candidates) {
    if (r.is_active !== 1) continue;
    if (subCategory && (r.subcategoryCode < 0 || subCategory[r.subcategoryCode] !== 1)) continue;
    if (vendor && (r.vendorCode < 0 || vendor[r.vendorCode] !== 1)) continue;
    if (onlyNew && r.is_new_item !== 1) continue;
    if (inStock && !(r.stock_on_hand > 0)) continue;
    if (promoted || discounted) {
      const promo = promotionFor(snap.promotions, rules, r, buyer, at, levelPriceCents(r, buyer.priceLevel));
      if (promoted && !promo.promoted) continue;
      if (discounted && promo.discountCents === 0 && r.tiers.length === 0) continue;
    }
    const categoryOk = !category || (r.categoryCode >= 0 && category[r.categoryCode] === 1);
    const brandOk = !brand || (r.brandCode >= 0 && brand[r.brandCode] === 1);
    if (brandOk && r.categoryCode >= 0) categoryCounts[r.categoryCode]!++;
    if (categoryOk && r.brandCode >= 0) brandCounts[r.brandCode]!++;
    if (categoryOk && brandOk) matches.push(r);
  }

  if (snap.byName.length >= RANK_SPAN) throw new Error('catalogue larger than search ranks allow');
  sortMatches(snap, matches, q, candidates === snap.byName, sold);
  if (q.words.length > 0) {
    // Exact item number or UPC first (a stable partition keeps the sort's order within each part).
    const text = q.text.trim();
    const upper = text.toUpperCase();
    const exact = (e: Entry) => e.item_number === text || e.item_number === upper || e.upcs.includes(text);
    if (matches.some(exact)) {
      const rest = matches.filter((e) => !exact(e));
      let n = 0;
      for (const e of matches) if (exact(e)) matches[n++] = e;
      for (const e of rest) matches[n++] = e;
    }
  }
  const facets: Facets = { categories: [], brands: [] };
  categoryCounts.forEach((count, code) => {
    const id = snap.categoryCodes.values[code]!;
    const name = snap.categories.get(id)?.name;
    if (count > 0 && name !== undefined) facets.categories.push({ id, name, count });
  });
  brandCounts.forEach((count, code) => {
    if (count > 0) facets.brands.push({ name: snap.brandCodes.values[code]!, count });
  });
  facets.categories.sort((a, b) => byText(a.name, b.name));
  facets.brands.sort((a, b) => byText(a.name, b.name));
  return { entries: matches, facets };
}

/** Ranks fit in 20 bits; a sort key is a primary number times 2^20 plus the name rank (exact below 2^53). */
const RANK_SPAN = 2 ** 20;

/**
 * The sort keys' buffer, kept across searches (they are synchronous): a broad search would otherwise
 * allocate 8 bytes per match for each sort. Grows to the largest number of matches sorted.
 */
let scratch = new Float64Array(1024);
function keysFor(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, scratch.length * 2));
  return scratch.subarray(0, n);
}

/**
 * Sorts matches in place by a whole number per entry, ties in name order: the keys are
 * sorted as a Float64Array (a native numeric sort, far faster than a comparator at this size).
 */
function sortByKey(snap: Snapshot, matches: Entry[], primary: (e: Entry) => number): void {
  const keys = keysFor(matches.length);
  for (let i = 0; i < matches.length; i++) keys[i] = primary(matches[i]!) * RANK_SPAN + matches[i]!.rank;
  keys.sort();
  for (let i = 0; i < keys.length; i++) matches[i] = snap.byName[keys[i]! % RANK_SPAN]!;
}

/** Sorts matches in place as the query asks; `inNameOrder`: they are in name order already. */
function sortMatches(
  snap: Snapshot,
  matches: Entry[],
  q: SearchQuery,
  inNameOrder: boolean,
  sold?: ReadonlyMap<string, number>,
): void {
  switch (q.sort) {
    case 'relevance': {
      const first = q.words[0];
      if (!first) {
        if (!inNameOrder) sortByKey(snap, matches, () => 0);
        return;
      }
      const word = ` ${first}`;
      sortByKey(snap, matches, (e) => (e.descWords.startsWith(word) ? 0 : e.descWords.includes(word) ? 1 : 2));
      return;
    }
    case 'name':
      if (!inNameOrder) sortByKey(snap, matches, () => 0);
      return;
    case 'priceAsc':
      sortByKey(snap, matches, (e) => levelPriceCents(e, q.priceLevel) + 2 ** 31);
      return;
    case 'priceDesc':
      sortByKey(snap, matches, (e) => 2 ** 31 - levelPriceCents(e, q.priceLevel));
      return;
    case 'newest': {
      const keys = keysFor(matches.length);
      for (let i = 0; i < matches.length; i++) keys[i] = matches[i]!.newRank;
      keys.sort();
      for (let i = 0; i < keys.length; i++) matches[i] = snap.byNewest[keys[i]!]!;
      return;
    }
    case 'bestSelling':
      sortByKey(snap, matches, (e) => 2 ** 31 - (sold?.get(e.id) ?? 0));
      return;
  }
}
