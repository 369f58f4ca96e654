// An in-process search index of a distributor's active catalogue, for the text-search part of a
// catalogue query. At 100,000 products an FTS5 match plus the count, facet and sort queries cost
// 1-30 ms on the one synchronous SQLite connection, holding up every request queued behind them; the
// same answer from posting lists and typed arrays costs well under a millisecond.
//
// Products are numbered in name order (description, then id, as the database sorts them), so a
// posting list is a sorted Int32Array and a match set comes out name-sorted. Built from the database
// when the catalogue version changes (stock counts do not affect it); while a new index is being built
// the caller answers from SQL, so no request waits for a rebuild except the very first search.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import { priceLevelOf } from './catalog.repository.ts';

/** Lower case, diacritics removed: as FTS5's unicode61 tokenizer with remove_diacritics 2. */
export function foldToken(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface SearchIndex {
  version: number;
  size: number;
  ids: string[];
  /** ASCII-lower-cased descriptions (SQLite's lower() and LIKE fold ASCII only), for relevance. */
  lowerDescriptions: string[];
  /** Category index per product (-1: none, or a category without a name). */
  category: Int32Array;
  categoryIds: string[];
  categoryNames: string[];
  /** Brand index per product (-1: none). */
  brand: Int32Array;
  brandNames: string[];
  brandByLower: Map<string, number[]>;
  isNew: Uint8Array;
  /** Price per level (1..5 at 0..4), in cents. */
  prices: Float64Array[];
  /** Position of each product in the 'newest' order (created_at desc, id desc). */
  newestRank: Int32Array;
  /**
   * Sorted distinct words; word k's posting list (product numbers, ascending) is
   * postings[postingStart[k] .. postingStart[k + 1]). One flat array: 230,000 words (most of them item
   * numbers and UPCs) as separate typed arrays cost about 35 MB more.
   */
  words: string[];
  postingStart: Int32Array;
  postings: Int32Array;
  /** Item number (as stored) and UPC → product numbers. */
  byItemNumber: Map<string, number>;
  byUpc: Map<string, number[]>;
}

const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Reads the distributor's active catalogue and builds its index. */
export async function buildSearchIndex(db: DbOrTrx, distributorId: string, version: number): Promise<SearchIndex> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.description',
      'p.brand',
      'p.item_number',
      'p.category_id',
      'c.name as category_name',
      'p.is_new_item',
      'p.created_at',
      'p.price1_cents',
      'p.price2_cents',
      'p.price3_cents',
      'p.price4_cents',
      'p.price5_cents',
    ])
    .where('p.distributor_id', '=', distributorId)
    .where('p.is_active', '=', 1)
    // The same order as the SQL sorts (database collation), so "name order" is the database's.
    .orderBy('p.description')
    .orderBy('p.id')
    .execute();
  const upcRows = await db
    .selectFrom('product_upcs as u')
    .innerJoin('products as p', 'p.id', 'u.product_id')
    .select(['u.product_id', 'u.upc'])
    .where('p.distributor_id', '=', distributorId)
    .where('p.is_active', '=', 1)
    .orderBy(sql`u.rowid`)
    .execute();

  const n = rows.length;
  const numberOf = new Map<string, number>();
  rows.forEach((r, i) => numberOf.set(r.id, i));
  const upcsOf: string[][] = Array.from({ length: n }, () => []);
  const byUpc = new Map<string, number[]>();
  for (const u of upcRows) {
    const i = numberOf.get(u.product_id);
    if (i === undefined) continue;
    upcsOf[i]!.push(u.upc);
    const list = byUpc.get(u.upc);
    if (list) list.push(i);
    else byUpc.set(u.upc, [i]);
  }

  const category = new Int32Array(n);
  const brand = new Int32Array(n);
  const isNew = new Uint8Array(n);
  const prices = Array.from({ length: 5 }, () => new Float64Array(n));
  const categoryIds: string[] = [];
  const categoryNames: string[] = [];
  const categoryNumber = new Map<string, number>();
  const brandNames: string[] = [];
  const brandNumber = new Map<string, number>();
  const brandByLower = new Map<string, number[]>();
  const byItemNumber = new Map<string, number>();
  const postingLists = new Map<string, number[]>();
  const lowerDescriptions: string[] = new Array(n);
  const ids: string[] = new Array(n);

  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    ids[i] = r.id;
    lowerDescriptions[i] = asciiLower(r.description ?? '');
    if (r.category_id && r.category_name != null) {
      let c = categoryNumber.get(r.category_id);
      if (c === undefined) {
        c = categoryIds.length;
        categoryIds.push(r.category_id);
        categoryNames.push(r.category_name);
        categoryNumber.set(r.category_id, c);
      }
      category[i] = c;
    } else category[i] = -1;
    if (r.brand) {
      let b = brandNumber.get(r.brand);
      if (b === undefined) {
        b = brandNames.length;
        brandNames.push(r.brand);
        brandNumber.set(r.brand, b);
        const lower = r.brand.toLowerCase();
        brandByLower.set(lower, [...(brandByLower.get(lower) ?? []), b]);
      }
      brand[i] = b;
    } else brand[i] = -1;
    isNew[i] = r.is_new_item === 1 ? 1 : 0;
    const levels = [r.price1_cents, r.price2_cents, r.price3_cents, r.price4_cents, r.price5_cents];
    for (let l = 0; l < 5; l++) prices[l]![i] = Number(levels[l]) || 0;
    byItemNumber.set(r.item_number, i);
    const body = `${r.description ?? ''} ${r.brand ?? ''} ${r.item_number} ${upcsOf[i]!.join(' ')}`;
    for (const w of new Set(tokensOf(body))) {
      const list = postingLists.get(w);
      if (list) list.push(i);
      else postingLists.set(w, [i]);
    }
  }

  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const ca = rows[a]!.created_at;
    const cb = rows[b]!.created_at;
    if (ca !== cb) return ca < cb ? 1 : -1;
    return ids[a]! < ids[b]! ? 1 : ids[a]! > ids[b]! ? -1 : 0;
  });
  const newestRank = new Int32Array(n);
  order.forEach((i, rank) => (newestRank[i] = rank));

  const words = [...postingLists.keys()].sort();
  const postingStart = new Int32Array(words.length + 1);
  let entries = 0;
  words.forEach((w, k) => {
    postingStart[k] = entries;
    entries += postingLists.get(w)!.length;
  });
  postingStart[words.length] = entries;
  const postings = new Int32Array(entries);
  words.forEach((w, k) => postings.set(postingLists.get(w)!, postingStart[k]!));
  return {
    version,
    size: n,
    ids,
    lowerDescriptions,
    category,
    categoryIds,
    categoryNames,
    brand,
    brandNames,
    brandByLower,
    isNew,
    prices,
    newestRank,
    words,
    postingStart,
    postings,
    byItemNumber,
    byUpc,
  };
}

function lowerBound(words: string[], key: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NONE = new Int32Array(0);

/**
 * Product numbers matching every word (name order). Each word of two letters or more is a prefix
 * (search as you type); a one-letter word matches only itself (see ftsMatch in the repository).
 * Each word's matches come sorted from its posting lists, and the smallest set is narrowed by the
 * others: a typical search touches a few hundred numbers, not the whole catalogue.
 */
export function matchWords(index: SearchIndex, words: readonly string[]): Int32Array {
  if (words.length === 0) return NONE;
  const sets = words.map((w) => wordMatches(index, foldToken(w))).sort((a, b) => a.length - b.length);
  let result = sets[0]!;
  for (let k = 1; k < sets.length && result.length > 0; k++) result = intersect(result, sets[k]!);
  return result;
}

/** The sorted product numbers of one word, or of every word it starts (two letters or more). */
function wordMatches(index: SearchIndex, w: string): Int32Array {
  const at = lowerBound(index.words, w);
  let end = at;
  if (w.length < 2) {
    if (index.words[at] === w) end = at + 1;
  } else {
    while (end < index.words.length && index.words[end]!.startsWith(w)) end++;
  }
  const from = index.postingStart[at]!;
  const to = index.postingStart[end]!;
  // One word: its posting list as it is (a view: never written to).
  if (end === at + 1) return index.postings.subarray(from, to);
  if (from === to) return NONE;
  // Several words: the posting lists of the run lie side by side; merge them, without duplicates.
  if ((to - from) * 16 < index.size) {
    const all = index.postings.slice(from, to).sort();
    let n = 0;
    for (let j = 0; j < all.length; j++) if (j === 0 || all[j] !== all[j - 1]) all[n++] = all[j]!;
    return all.subarray(0, n);
  }
  const seen = new Uint8Array(index.size);
  let n = 0;
  for (let j = from; j < to; j++) {
    const i = index.postings[j]!;
    if (seen[i] === 0) {
      seen[i] = 1;
      n++;
    }
  }
  const out = new Int32Array(n);
  for (let i = 0, o = 0; o < n; i++) if (seen[i] === 1) out[o++] = i;
  return out;
}

/** The numbers of `small` also in `large` (both sorted ascending). */
function intersect(small: Int32Array, large: Int32Array): Int32Array {
  const out = new Int32Array(small.length);
  let n = 0;
  let lo = 0;
  for (let j = 0; j < small.length && lo < large.length; j++) {
    const x = small[j]!;
    // Gallop, then binary search, from where the last number was found.
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi]! < x) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, large.length - 1);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    if (large[lo] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/** Product numbers whose item number (as typed or upper-cased) or one UPC is exactly the text. */
export function exactMatches(index: SearchIndex, text: string): Set<number> {
  const out = new Set<number>();
  for (const v of new Set([text, text.toUpperCase()])) {
    const i = index.byItemNumber.get(v);
    if (i !== undefined) out.add(i);
  }
  for (const i of index.byUpc.get(text) ?? []) out.add(i);
  return out;
}

// One index per database handle and distributor; a build in progress is kept as its promise.
interface Slot {
  current?: SearchIndex;
  building?: { version: number; promise: Promise<SearchIndex> };
}
const slots = new WeakMap<object, Map<string, Slot>>();

/**
 * The index of the distributor's catalogue at this version, or undefined while it is being built
 * (the caller then answers from SQL). Only the very first use of a distributor waits for the build.
 */
export async function searchIndexFor(db: DbOrTrx, distributorId: string, version: number): Promise<SearchIndex | undefined> {
  let perDb = slots.get(db);
  if (!perDb) {
    perDb = new Map();
    slots.set(db, perDb);
  }
  let slot = perDb.get(distributorId);
  if (!slot) {
    slot = {};
    perDb.set(distributorId, slot);
  }
  if (slot.current?.version === version) return slot.current;
  if (slot.building?.version !== version) {
    const s = slot;
    const promise = buildSearchIndex(db, distributorId, version);
    s.building = { version, promise };
    promise.then(
      (index) => {
        if (!s.current || s.current.version < index.version) s.current = index;
        if (s.building?.promise === promise) s.building = undefined;
      },
      () => {
        if (s.building?.promise === promise) s.building = undefined;
      },
    );
  }
  if (!slot.current) return slot.building!.promise.catch(() => undefined);
  return undefined;
}

export interface IndexedQuery {
  searchTokens: string[];
  /** The search text as typed (trimmed): an exact item number or UPC comes first in relevance order. */
  text: string;
  /** Category ids or names (lower-cased) the category filter accepts, when set. */
  category?: string;
  brand?: string;
  onlyNew: boolean;
  sort: 'relevance' | 'name' | 'priceAsc' | 'priceDesc' | 'newest';
  priceLevel: number;
}

export interface IndexedResult {
  total: number;
  facets: {
    categories: { id: string; name: string; count: number }[];
    brands: { name: string; count: number }[];
  };
  pageIds: string[];
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Count, facets and one page of a text search, with the semantics of the SQL path: a facet leaves out
 * its own filter; relevance is exact item number/UPC first, then descriptions starting with the first
 * word, then containing it at a word start, then name order.
 */
export function searchWithIndex(index: SearchIndex, q: IndexedQuery, offset: number, limit: number): IndexedResult {
  const { total, facets, ordered } = allMatchesInOrder(index, q);
  return { total, facets, pageIds: ordered.slice(offset, offset + limit).map((i) => index.ids[i]!) };
}

interface Ordered {
  total: number;
  facets: IndexedResult['facets'];
  /** Every match, in the answer's order. */
  ordered: number[];
}

/** Past this many product numbers in all, the oldest kept answers are dropped (8 bytes each). */
const KEPT_ORDER_NUMBERS = 2_000_000;
const keptOrders = new WeakMap<SearchIndex, { answers: Map<string, Ordered>; numbers: number }>();

/**
 * Every match of a search in order, kept with the index for the searches asked last: a short prefix
 * can match 50,000 products (20 ms to order), and pages 2 and 3 of it, or the same search sorted by
 * another store's prices aside, then cost a slice. Kept with the index, so a new catalogue version
 * starts afresh.
 */
function allMatchesInOrder(index: SearchIndex, q: IndexedQuery): Ordered {
  let kept = keptOrders.get(index);
  if (!kept) {
    kept = { answers: new Map(), numbers: 0 };
    keptOrders.set(index, kept);
  }
  const byPrice = q.sort === 'priceAsc' || q.sort === 'priceDesc';
  const key = JSON.stringify([
    q.searchTokens,
    q.text,
    q.category ?? null,
    q.brand ?? null,
    q.onlyNew,
    q.sort,
    byPrice ? q.priceLevel : 0,
  ]);
  const hit = kept.answers.get(key);
  if (hit) return hit;
  const answer = orderMatches(index, q);
  kept.answers.set(key, answer);
  kept.numbers += answer.ordered.length;
  for (const [oldKey, old] of kept.answers) {
    if (kept.numbers <= KEPT_ORDER_NUMBERS) break;
    kept.answers.delete(oldKey);
    kept.numbers -= old.ordered.length;
  }
  return answer;
}

function orderMatches(index: SearchIndex, q: IndexedQuery): Ordered {
  const matches = matchWords(index, q.searchTokens);
  let catSet: Set<number> | undefined;
  if (q.category !== undefined) {
    const lower = q.category.toLowerCase();
    catSet = new Set();
    index.categoryIds.forEach((id, c) => {
      if (id === q.category || index.categoryNames[c]!.toLowerCase() === lower) catSet!.add(c);
    });
  }
  const brandSet = q.brand !== undefined ? new Set(index.brandByLower.get(q.brand.toLowerCase()) ?? []) : undefined;
  const catCount = new Int32Array(index.categoryIds.length);
  const brandCount = new Int32Array(index.brandNames.length);
  const result: number[] = [];
  for (let j = 0; j < matches.length; j++) {
    const i = matches[j]!;
    if (q.onlyNew && index.isNew[i] !== 1) continue;
    const c = index.category[i]!;
    const b = index.brand[i]!;
    const catOk = !catSet || catSet.has(c);
    const brandOk = !brandSet || brandSet.has(b);
    if (brandOk && c >= 0) catCount[c]!++;
    if (catOk && b >= 0) brandCount[b]!++;
    if (catOk && brandOk) result.push(i);
  }
  const total = result.length;
  if (total === 0) return { total, facets: { categories: [], brands: [] }, ordered: [] };
  const categories: IndexedResult['facets']['categories'] = [];
  catCount.forEach((count, c) => {
    if (count > 0) categories.push({ id: index.categoryIds[c]!, name: index.categoryNames[c]!, count });
  });
  const brands: IndexedResult['facets']['brands'] = [];
  brandCount.forEach((count, b) => {
    if (count > 0) brands.push({ name: index.brandNames[b]!, count });
  });

  let ordered: number[];
  switch (q.sort) {
    case 'relevance': {
      // Three buckets filled in name order: starts with, word start, elsewhere.
      const first = q.searchTokens[0] ?? '';
      const atWordStart = ` ${first}`;
      const starts: number[] = [];
      const words: number[] = [];
      const rest: number[] = [];
      for (const i of result) {
        const d = index.lowerDescriptions[i]!;
        if (first === '') rest.push(i);
        else if (d.startsWith(first)) starts.push(i);
        else if (d.includes(atWordStart)) words.push(i);
        else rest.push(i);
      }
      ordered = starts.concat(words, rest);
      break;
    }
    case 'name':
      ordered = result;
      break;
    case 'priceAsc':
    case 'priceDesc': {
      const price = index.prices[priceLevelOf(q.priceLevel) - 1]!;
      const dir = q.sort === 'priceAsc' ? 1 : -1;
      ordered = result.sort((a, b) => (price[a]! - price[b]!) * dir || a - b);
      break;
    }
    case 'newest':
      ordered = result.sort((a, b) => index.newestRank[a]! - index.newestRank[b]!);
      break;
  }
  // An exact item number or UPC comes first in every sort, as in the SQL path.
  const exact = exactMatches(index, q.text);
  if (exact.size) ordered = [...ordered.filter((i) => exact.has(i)), ...ordered.filter((i) => !exact.has(i))];
  return { total, facets: { categories: categories.sort(byName), brands: brands.sort(byName) }, ordered };
}
