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
import { promotionFor } from './catalog-promotions.ts';
import { foldWords, type Entry, type Snapshot } from './catalog-snapshot.ts';

export interface Facets {
  categories: { id: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
}

export interface SearchResult {
  /** Every matching product's id, in the answer's order (pages are slices of it). */
  ids: string[];
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

/** Products having a word that starts with `word` (a one-letter word: that word only). */
function productsWithWord(snap: Snapshot, word: string): Set<Entry> {
  if (word.length < 2) return snap.wordIndex.get(word) ?? new Set();
  const found = new Set<Entry>();
  let lo = 0;
  let hi = snap.words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (snap.words[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < snap.words.length && snap.words[i]!.startsWith(word); i++)
    for (const e of snap.wordIndex.get(snap.words[i]!) ?? []) found.add(e);
  return found;
}

/** The entries matching every search word, in name order. */
function textMatches(snap: Snapshot, words: readonly string[]): Entry[] {
  const sets = words.map((w) => productsWithWord(snap, w)).sort((a, b) => a.size - b.size);
  const [smallest, ...others] = sets;
  if (!smallest || smallest.size === 0) return [];
  const both = (e: Entry) => others.every((s) => s.has(e));
  // Many matches: walk the name order; few: sort them.
  if (smallest.size * 16 > snap.byName.length) return snap.byName.filter((e) => smallest.has(e) && both(e));
  const out: Entry[] = [];
  for (const e of smallest) if (both(e)) out.push(e);
  return out.sort((a, b) => byText(a.row.description, b.row.description) || byText(a.row.id, b.row.id));
}

/** Ids of the categories (or vendors) whose id is the value or whose name is it, letter case aside. */
function idsNamed(names: Map<string, string>, value: string): Set<string> {
  const lower = value.toLowerCase();
  const ids = new Set<string>();
  for (const [id, name] of names) if (id === value || name.toLowerCase() === lower) ids.add(id);
  return ids;
}

export function search(snap: Snapshot, q: SearchQuery, at: string, sold?: ReadonlyMap<string, number>): SearchResult {
  const candidates = q.words.length > 0 ? textMatches(snap, q.words) : snap.byName;
  const categoryNames = new Map([...snap.categories].map(([id, c]) => [id, c.name]));
  const category = q.category ? idsNamed(categoryNames, q.category) : undefined;
  const subCategory = q.subCategory ? idsNamed(categoryNames, q.subCategory) : undefined;
  const vendor = q.vendor ? idsNamed(snap.vendors, q.vendor) : undefined;
  const brand = q.brand?.toLowerCase();
  const only = new Set(q.only);

  const matches: Entry[] = [];
  const categoryCounts = new Map<string, number>();
  const brandCounts = new Map<string, number>();
  for (const e of candidates) {
    const r = e.row;
    if (r.is_active !== 1) continue;
    if (subCategory && (r.subcategory_id === null || !subCategory.has(r.subcategory_id))) continue;
    if (vendor && (r.vendor_id === null || !vendor.has(r.vendor_id))) continue;
    if (only.has('new') && r.is_new_item !== 1) continue;
    if (only.has('inStock') && !(r.stock_on_hand > 0)) continue;
    if (only.has('promoted') || only.has('discounted')) {
      const promo = promotionFor(snap.promotionsByProduct.get(r.id), undefined, at);
      if (only.has('promoted') && !promo.promoted) continue;
      if (only.has('discounted') && promo.discountBp === 0 && e.tiers.length === 0) continue;
    }
    const categoryOk = !category || (r.category_id !== null && category.has(r.category_id));
    const brandOk = brand === undefined || r.brand?.toLowerCase() === brand;
    if (brandOk && r.category_id && r.category_name != null)
      categoryCounts.set(r.category_id, (categoryCounts.get(r.category_id) ?? 0) + 1);
    if (categoryOk && r.brand) brandCounts.set(r.brand, (brandCounts.get(r.brand) ?? 0) + 1);
    if (categoryOk && brandOk) matches.push(e);
  }

  sortMatches(matches, q, sold);
  if (q.words.length > 0) {
    // Exact item number or UPC first (a stable partition keeps the sort's order within each part).
    const text = q.text.trim();
    const upper = text.toUpperCase();
    const exact = (e: Entry) => e.row.item_number === text || e.row.item_number === upper || e.upcs.includes(text);
    if (matches.some(exact)) {
      const first = matches.filter(exact);
      const rest = matches.filter((e) => !exact(e));
      matches.splice(0, matches.length, ...first, ...rest);
    }
  }
  const facets: Facets = {
    categories: [...categoryCounts]
      .map(([id, count]) => ({ id, name: snap.categories.get(id)!.name, count }))
      .sort((a, b) => byText(a.name, b.name)),
    brands: [...brandCounts].map(([name, count]) => ({ name, count })).sort((a, b) => byText(a.name, b.name)),
  };
  return { ids: matches.map((e) => e.row.id), facets };
}

/** Sorts name-ordered matches in place (Array.prototype.sort is stable: ties keep name order). */
function sortMatches(matches: Entry[], q: SearchQuery, sold?: ReadonlyMap<string, number>): void {
  switch (q.sort) {
    case 'relevance': {
      const first = q.words[0];
      if (!first) return;
      const rank = new Map<Entry, number>();
      for (const e of matches) rank.set(e, e.descWords.startsWith(` ${first}`) ? 0 : e.descWords.includes(` ${first}`) ? 1 : 2);
      matches.sort((a, b) => rank.get(a)! - rank.get(b)!);
      return;
    }
    case 'name':
      return;
    case 'priceAsc':
    case 'priceDesc': {
      const sign = q.sort === 'priceAsc' ? 1 : -1;
      matches.sort((a, b) => sign * (levelPriceCents(a.row, q.priceLevel) - levelPriceCents(b.row, q.priceLevel)));
      return;
    }
    case 'newest':
      matches.sort(
        (a, b) => b.createdMs - a.createdMs || byText(b.row.created_at, a.row.created_at) || byText(b.row.id, a.row.id),
      );
      return;
    case 'bestSelling':
      matches.sort((a, b) => (sold?.get(b.row.id) ?? 0) - (sold?.get(a.row.id) ?? 0));
      return;
  }
}
