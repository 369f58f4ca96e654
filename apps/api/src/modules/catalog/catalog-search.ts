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
import {
  codeHash,
  foldWords,
  postingCount,
  POSTING_DESCRIPTION,
  POSTING_FIRST,
  slotOf,
  type Codes,
  type Entry,
  type Snapshot,
} from './catalog-snapshot.ts';

export interface Facets {
  categories: { id: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
}

export interface SearchResult {
  /**
   * The first entries of the answer's order: at least the number asked for, all of them when there are
   * no more (`entries.length === total`). An entry replaced since (not `live`) is read again by id by
   * whoever maps a page.
   */
  entries: Entry[];
  /** How many products match. */
  total: number;
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

/** Ranks fit in 20 bits; a sort key is a primary number times 2^20 plus the name rank (exact below 2^53). */
const RANK_SPAN = 2 ** 20;

/**
 * Scratch buffers kept across searches (they are synchronous), grown to the largest catalogue
 * searched: a search allocates no array as long as its matches. `mark` is all zeros between searches.
 */
let mark = new Uint8Array(1024);
let cand = new Int32Array(1024);
let hits = new Int32Array(1024);
let keys = new Float64Array(1024);
function scratchFor(n: number): void {
  if (mark.length >= n) return;
  const size = Math.max(n, mark.length * 2);
  mark = new Uint8Array(size);
  cand = new Int32Array(size);
  hits = new Int32Array(size);
  keys = new Float64Array(size);
}

/**
 * The name ranks of the live entries matching every search word, ascending, in `cand`; returns how
 * many. Words are taken from the one with the fewest entries: the first word's entries are listed,
 * each later word raises the mark of those it holds too, and those marked by every word are kept.
 */
function textMatches(snap: Snapshot, words: readonly string[]): number {
  const groups = words
    .map((w) => {
      const matching = wordsMatching(snap, w);
      let size = 0;
      for (const m of matching) size += postingCount(snap.wordIndex.get(m));
      return { matching, size };
    })
    .sort((a, b) => a.size - b.size);
  if (groups[0]!.size === 0) return 0;
  const slotRank = snap.slotRank;
  let listed = 0;
  const first = (posting: number) => {
    const r = slotRank[slotOf(posting)]!;
    if (r >= 0 && mark[r] === 0) {
      mark[r] = 1;
      cand[listed++] = r;
    }
  };
  for (const m of groups[0]!.matching) {
    const held = snap.wordIndex.get(m)!;
    if (typeof held === 'number') first(held);
    else for (let i = 0; i < held.length; i++) first(held[i]!);
  }
  for (let g = 1; g < groups.length; g++) {
    const next = (posting: number) => {
      const r = slotRank[slotOf(posting)]!;
      if (r >= 0 && mark[r] === g) mark[r] = g + 1;
    };
    for (const m of groups[g]!.matching) {
      const held = snap.wordIndex.get(m)!;
      if (typeof held === 'number') next(held);
      else for (let i = 0; i < held.length; i++) next(held[i]!);
    }
  }
  const all = groups.length;
  let kept = 0;
  const n = snap.byName.length;
  if (listed * 16 > n) {
    // Many: in rank order by a pass over the marks (cheaper than sorting them).
    for (let r = 0; r < n; r++) if (mark[r] === all) cand[kept++] = r;
    mark.fill(0, 0, n);
  } else {
    for (let i = 0; i < listed; i++) {
      const r = cand[i]!;
      if (mark[r] === all) cand[kept++] = r;
      mark[r] = 0;
    }
    cand.subarray(0, kept).sort();
  }
  return kept;
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

/** Is `r` in the ascending list `list[0, n)`? */
function holds(list: Int32Array, n: number, r: number): boolean {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && list[lo] === r;
}

/**
 * One page's worth of the answer without sorting every match: the products matching the query (with
 * its filters), their total and facets, and the first `need` of them (at least) in the query's order.
 * Matching and filtering read the snapshot's columns (typed arrays in name order); only the entries
 * needed for the order (relevance reads descriptions) or the filters (promotions) are visited.
 */
export function search(
  snap: Snapshot,
  q: SearchQuery,
  buyer: PromotionBuyer,
  at: string,
  sold: ReadonlyMap<string, number> | undefined,
  need: number,
): SearchResult {
  const n = snap.byName.length;
  if (n >= RANK_SPAN) throw new Error('catalogue larger than search ranks allow');
  scratchFor(n);
  const cols = snap.cols;
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

  const textual = q.words.length > 0;
  const candidates = textual ? textMatches(snap, q.words) : n;
  const categoryCounts = new Int32Array(snap.categoryCodes.values.length);
  const brandCounts = new Int32Array(snap.brandCodes.values.length);
  const { active, isNew, stock } = cols;
  const rankSlot = snap.rankSlot;
  let total = 0;
  for (let i = 0; i < candidates; i++) {
    const r = textual ? cand[i]! : i;
    const s = rankSlot[r]!;
    if (active[s] !== 1) continue;
    const sub = cols.subcategory[s]!;
    if (subCategory && (sub < 0 || subCategory[sub] !== 1)) continue;
    const ven = cols.vendor[s]!;
    if (vendor && (ven < 0 || vendor[ven] !== 1)) continue;
    if (onlyNew && isNew[s] !== 1) continue;
    if (inStock && !(stock[s]! > 0)) continue;
    if (promoted || discounted) {
      const e = snap.byName[r]!;
      const promo = promotionFor(snap.promotions, rules, e, buyer, at, levelPriceCents(e, buyer.priceLevel));
      if (promoted && !promo.promoted) continue;
      if (discounted && promo.discountCents === 0 && e.tiers.length === 0) continue;
    }
    const cat = cols.category[s]!;
    const br = cols.brand[s]!;
    const categoryOk = !category || (cat >= 0 && category[cat] === 1);
    const brandOk = !brand || (br >= 0 && brand[br] === 1);
    if (brandOk && cat >= 0) categoryCounts[cat]!++;
    if (categoryOk && br >= 0) brandCounts[br]!++;
    if (categoryOk && brandOk) hits[total++] = r;
  }

  // Exact item number or UPC first: such a product holds the text's first word whole (its item
  // number or UPC folds to the text's words), so only that word's products are looked at, and of
  // those only the ones whose item number's hash or UPCs' bits agree are read.
  const exact: number[] = [];
  if (textual && total > 0) {
    const text = q.text.trim();
    const upper = text.toUpperCase();
    const textHash = codeHash(text);
    const upperHash = codeHash(upper);
    const upcBit = 1 << (textHash & 31);
    const { itemHash, upcBits } = cols;
    const check = (posting: number) => {
      const s = slotOf(posting);
      const r = snap.slotRank[s]!;
      if (r < 0 || (itemHash[s] !== textHash && itemHash[s] !== upperHash && (upcBits[s]! & upcBit) === 0)) return;
      const e = snap.byName[r]!;
      if (e.item_number === text || e.item_number === upper || e.upcs.includes(text))
        if (!exact.includes(r) && holds(hits, total, r)) exact.push(r);
    };
    for (const word of new Set([q.words[0]!, ...foldWords(upper).slice(0, 1)])) {
      const held = snap.wordIndex.get(word);
      if (typeof held === 'number') check(held);
      else if (held) for (let i = 0; i < held.length; i++) check(held[i]!);
    }
  }
  const order = orderedRanks(snap, q, total, Math.min(total, need + exact.length), exact, sold);
  // map: an array of the exact length (the cache keeps it; a pushed one keeps up to half again as room).
  const entries = order.map((r) => snap.byName[r]!);

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
  return { entries, total, facets };
}

/**
 * The first `k` of the `total` ranks in `hits` (ascending) in the query's order, the `exact` ones
 * (all within `hits`) first: every order is a number per product, ties by name rank.
 */
function orderedRanks(
  snap: Snapshot,
  q: SearchQuery,
  total: number,
  k: number,
  exact: readonly number[],
  sold?: ReadonlyMap<string, number>,
): number[] {
  const cols = snap.cols;
  const rest = k - exact.length;
  const out: number[] = [];
  switch (q.sort) {
    case 'relevance': {
      if (!q.words[0]) return firstInNameOrder(total, k, exact, out);
      const relevance = relevanceOf(snap, q.words[0]);
      try {
        return [...sortedBy(exact, relevance), ...byRelevance(total, rest, exact, relevance)];
      } finally {
        mark.fill(0, 0, snap.byName.length);
      }
    }
    case 'name':
      return firstInNameOrder(total, k, exact, out);
    case 'priceAsc':
    case 'priceDesc': {
      const level = q.priceLevel >= 2 && q.priceLevel <= 5 && Number.isInteger(q.priceLevel) ? q.priceLevel : 1;
      const price = cols.price[level - 1]!;
      const slot = snap.rankSlot;
      const asc = q.sort === 'priceAsc';
      return smallest(total, k, exact, (r) => (asc ? price[slot[r]!]! + 2 ** 31 : 2 ** 31 - price[slot[r]!]!));
    }
    case 'newest': {
      const newRank = cols.newRank;
      const slot = snap.rankSlot;
      return smallest(total, k, exact, (r) => newRank[slot[r]!]!);
    }
    case 'bestSelling':
      return smallest(total, k, exact, (r) => 2 ** 31 - (sold?.get(snap.byName[r]!.id) ?? 0));
  }
}

/** The exact ones (in name order), then the first others of `hits` (name order). */
function firstInNameOrder(total: number, k: number, exact: readonly number[], out: number[]): number[] {
  out.push(...[...exact].sort((a, b) => a - b));
  for (let i = 0; i < total && out.length < k; i++) if (!exact.includes(hits[i]!)) out.push(hits[i]!);
  return out;
}

/**
 * Relevance of a product (by name rank) for the first search word: 0 its description starts with it,
 * 1 a word of it does, 2 neither. For a word of two letters or more, read from the postings of the
 * words starting with it (each says whether the word is its product's first or another description
 * word) into `mark` (relevance + 1; the caller clears it); a one-letter word reads descriptions (the
 * words starting with one letter can be every item number).
 */
function relevanceOf(snap: Snapshot, first: string): (r: number) => number {
  if (first.length < 2) return (r) => initialRelevance(snap.byName[r]!.description, first);
  const slotRank = snap.slotRank;
  const note = (posting: number) => {
    const r = slotRank[slotOf(posting)]!;
    if (r < 0) return;
    const level = posting & POSTING_FIRST ? 1 : posting & POSTING_DESCRIPTION ? 2 : 0;
    if (level > 0 && (mark[r] === 0 || level < mark[r]!)) mark[r] = level;
  };
  for (const m of wordsMatching(snap, first)) {
    const held = snap.wordIndex.get(m)!;
    if (typeof held === 'number') note(held);
    else for (let i = 0; i < held.length; i++) note(held[i]!);
  }
  return (r) => (mark[r] === 0 ? 2 : mark[r]! - 1);
}

const NOT_ASCII = /[^\p{ASCII}]/u;
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * 0 when a description's first folded word (foldWords) starts with the one-letter `letter`, 1 when
 * another does, 2 when none. ASCII descriptions are read in place (folding ASCII is lower-casing, and
 * its words are runs of letters and digits); others are folded.
 */
export function initialRelevance(description: string, letter: string): number {
  if (NOT_ASCII.test(description)) {
    const words = foldWords(description);
    return words[0]?.startsWith(letter) ? 0 : words.some((w) => w.startsWith(letter)) ? 1 : 2;
  }
  const want = letter.charCodeAt(0);
  let first = true;
  for (let i = 0; i < description.length; i++) {
    const c = description.charCodeAt(i);
    if (!isAlnum(c) || (i > 0 && isAlnum(description.charCodeAt(i - 1)))) continue;
    if ((c >= 65 && c <= 90 ? c + 32 : c) === want) return first ? 0 : 1;
    first = false;
  }
  return 2;
}

function sortedBy(ranks: readonly number[], primary: (r: number) => number): number[] {
  return [...ranks].sort((a, b) => primary(a) - primary(b) || a - b);
}

/**
 * The first `k` non-exact hits by relevance: hits are in name order, so the first `k` of each
 * relevance in a pass over them are enough, and the pass stops once `k` start with the word.
 */
function byRelevance(total: number, k: number, exact: readonly number[], relevance: (r: number) => number): number[] {
  const buckets: number[][] = [[], [], []];
  for (let i = 0; i < total && buckets[0]!.length < k; i++) {
    const r = hits[i]!;
    if (exact.length > 0 && exact.includes(r)) continue;
    const bucket = buckets[relevance(r)]!;
    if (bucket.length < k) bucket.push(r);
  }
  return [...buckets[0]!, ...buckets[1]!, ...buckets[2]!].slice(0, k);
}

/**
 * The exact ones, then the first `k - exact.length` others of `hits` by `primary` (a whole number,
 * below 2^32), ties by name rank: keys in a typed array, the smallest picked with a bounded heap
 * (every match sorted only when most of them are asked for).
 */
function smallest(total: number, k: number, exact: readonly number[], primary: (r: number) => number): number[] {
  const key = (r: number) => primary(r) * RANK_SPAN + r;
  const head = exact.map(key).sort((a, b) => a - b);
  let m = 0;
  for (let i = 0; i < total; i++) {
    const r = hits[i]!;
    if (exact.length > 0 && exact.includes(r)) continue;
    keys[m++] = key(r);
  }
  const rest = k - exact.length;
  let picked: Float64Array;
  if (rest <= 0) picked = new Float64Array(0);
  else if (rest * 4 >= m) picked = keys.subarray(0, m).sort().subarray(0, rest);
  else {
    // A max-heap of the `rest` smallest keys seen so far.
    const heap = keys.slice(0, rest);
    const down = (from: number) => {
      let i = from;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= rest) return;
        const c = l + 1 < rest && heap[l + 1]! > heap[l]! ? l + 1 : l;
        if (heap[c]! <= heap[i]!) return;
        const t = heap[c]!;
        heap[c] = heap[i]!;
        heap[i] = t;
        i = c;
      }
    };
    for (let i = (rest >>> 1) - 1; i >= 0; i--) down(i);
    for (let i = rest; i < m; i++)
      if (keys[i]! < heap[0]!) {
        heap[0] = keys[i]!;
        down(0);
      }
    picked = heap.sort();
  }
  const out = head.map((x) => x % RANK_SPAN);
  for (const x of picked) out.push(x % RANK_SPAN);
  return out;
}
