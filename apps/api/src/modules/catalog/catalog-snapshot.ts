// One in-memory catalogue per distributor (all its products, inactive ones too, with their UPCs and
// quantity tiers; its promotions, categories and vendors), kept up to date by the versions that the
// database's triggers stamp on every catalogue write (migration 0006):
//   - Loading reads products in chunks of `pacing.chunkRows` (keyset by id) and yields to the event loop
//     between chunks, so no turn of the loop is long, whatever the catalogue's size. Requests for a
//     distributor whose catalogue is still loading wait for it.
//   - Before every read, `snapshotFor` reads the distributor's versions (one primary-key lookup, shared
//     by the requests that arrive meanwhile) and, when they moved, loads only the products stamped since
//     (in the same chunks) and patches the search index; the lists are read again whole.
//   - Stock: every STOCK_REFRESH_MS (by platform/clock.ts) or after catalogChanged, the products whose
//     stock changed since the last look (products.stock_changed_at) are read. Placing an order checks
//     stock in SQL; the cart reads its lines' stock exactly.
//   - Promotions: the rules the promotions service loads (loadCataloguePromotions), read again with the
//     lists whenever lists_version moves (every promotion write, its targets and audience included,
//     updates its promotions row in the same transaction, so the 0006 trigger bumps it). They are held
//     with their dates and evaluated per request (catalog-promotions.ts), so they start and end on time
//     with no refresh.
// Inside a transaction the snapshot is read as it is (the caller freshened it before the transaction:
// on SQLite a refresh through the pool would wait for the transaction's own connection).
import { sql } from 'kysely';
import { dialectOf, perDatabase, type DbOrTrx } from '../../db/database.ts';
import { now } from '../../platform/clock.ts';
import { loadCataloguePromotions } from '../promotions/promotions.service.ts';
import { levelPriceCents } from './catalog-product.ts';
import { indexPromotions, type DistributorPromotions } from './catalog-promotions.ts';
import {
  findDeletedSince,
  findProductPartsOf,
  findProductsChangedSince,
  findProductsChunk,
  findCatalogLists,
  findCatalogVersions,
  findStockChangedSince,
  type ProductRow,
} from './catalog.repository.ts';

export interface QtyTier {
  minQty: number;
  discountCents: number;
}

/**
 * A product as the snapshot holds it: its row (stock_on_hand as of the last stock refresh) with its
 * UPCs and tiers, and what search reads. Replaced whole when the product changes (stock aside).
 */
export interface Entry extends ProductRow {
  upcs: readonly string[];
  tiers: readonly QtyTier[];
  createdMs: number;
  /** Position in the name order (renumbered after every patch): sorts compare numbers. */
  rank: number;
  /** Position in the newest-first order (created_at, then id, descending). */
  newRank: number;
  /** False once replaced or deleted. */
  live: boolean;
  /**
   * The product's number in the word index. Kept when the product is replaced with the same words
   * (a price, flag or limit edit); a new one when its words change or it moves in the name order.
   */
  slot: number;
  /** Small numbers for category, subcategory, vendor and brand (see Codes; -1: none): facets count in arrays. */
  categoryCode: number;
  subcategoryCode: number;
  vendorCode: number;
  brandCode: number;
}

/**
 * What search filters, counts and sorts by, one typed array per field indexed by slot (Entry.slot):
 * a search reads these instead of visiting each entry object. Derived from the entries and kept with
 * them: written when an entry takes its slot (every added or replaced product), at its slot when its
 * stock changes, and `newRank` by `renumber`. A test compares searches with the entries after edits
 * (search-index.test.ts).
 */
export interface Columns {
  /** 1: is_active = 1. */
  active: Uint8Array;
  /** 1: is_new_item = 1. */
  isNew: Uint8Array;
  category: Int32Array;
  subcategory: Int32Array;
  vendor: Int32Array;
  brand: Int32Array;
  /** stock_on_hand as a number (as of the last stock refresh). */
  stock: Float64Array;
  /** The entry's place in the newest-first order. */
  newRank: Int32Array;
  /** The level price (levelPriceCents) for levels 1 to 5, `price[level - 1]`. */
  price: Float64Array[];
  /** codeHash of the item number, and one bit (codeHash & 31) per UPC: exact matches are checked only where these agree. */
  itemHash: Int32Array;
  upcBits: Int32Array;
}

/** A 32-bit hash of a string (FNV-1a). */
export function codeHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** A number per distinct value, given once and kept (values are few: categories, vendors, brands). */
export interface Codes {
  byValue: Map<string, number>;
  values: string[];
}

export interface Snapshot {
  distributorId: string;
  /** One string per distinct value of the fields many products share (units, sizes, images, times). */
  shared: Map<string, string>;
  categoryCodes: Codes;
  vendorCodes: Codes;
  brandCodes: Codes;
  products: Map<string, Entry>;
  /** Every product, by description then id (code-unit order): the order of name sorts and results. */
  byName: Entry[];
  /** Every product, newest first (created_at, then id, descending). */
  byNewest: Entry[];
  /** Search's columns (see Columns), by slot. */
  cols: Columns;
  /** Name rank → the product's slot (renumbered with the ranks). */
  rankSlot: Int32Array;
  /** Distinct indexed words, sorted: a prefix is a range of it. */
  words: string[];
  /**
   * Word → the posting of the product having it, or the postings: small integers (see `posting`), read
   * without visiting entries. Postings of slots given up (`slotRank` -1) stay until compacted. Most
   * words (item numbers, UPCs) belong to one product: no array for them.
   */
  wordIndex: Map<string, number | number[]>;
  /** Slot → the product's name rank, -1 for a slot given up. */
  slotRank: Int32Array;
  /** Slots given so far (free ones included). */
  slots: number;
  /** Slots given up and still in word lists (reused once compacting has taken them out). */
  freed: number[];
  /** Slots free for reuse. */
  free: number[];
  promotions: DistributorPromotions;
  categories: Map<string, { name: string; parentId: string | null }>;
  vendors: Map<string, string>;
  version: number;
  listsVersion: number;
  /** Bumped by every patch and list change: part of every cached search's key. */
  generation: number;
  /** Bumped when a stock refresh changes a count: part of the key of stock-dependent searches. */
  stockGeneration: number;
  stockCheckedAt: number;
  /** Database time (epoch ms) from which the next stock refresh reads changes. */
  stockSince: number;
  stockDue: boolean;
  running?: Promise<void>;
  rerun?: Promise<void>;
}

/** How often stock counts are refreshed (the rule: stock labels at most 5 s behind). */
export const STOCK_REFRESH_MS = 1000;
/**
 * Stock changes are read again this long after their stamp, as a transaction commits after stamping.
 * SQLite: write transactions are short (one writer at a time, in this process). PostgreSQL: a transaction
 * may wait on locks for any time, so the next read also starts no later than the oldest transaction that
 * is writing now (see stockReadFromMs).
 */
const stockOverlapMs = (db: DbOrTrx) => (dialectOf(db) === 'sqlite' ? 500 : 2000);

/**
 * Rows read per chunk, items of in-memory work (renaming, sorting, compacting) per slice, and the way
 * of yielding between them (a test watches all three).
 */
export const pacing = {
  chunkRows: 500,
  sliceItems: 20_000,
  yield: (): Promise<void> => new Promise((resolve) => setImmediate(resolve)),
};

interface State {
  snapshots: Map<string, Promise<Snapshot>>;
}
const STATE = Symbol('catalogue snapshots');

function stateOf(db: DbOrTrx): State {
  return perDatabase(db, STATE, () => ({ snapshots: new Map() }));
}

/** The distributor's catalogue, brought up to date (see the top of this file). */
export async function snapshotFor(db: DbOrTrx, distributorId: string): Promise<Snapshot> {
  const state = stateOf(db);
  let pending = state.snapshots.get(distributorId);
  if (!pending) {
    pending = loadSnapshot(db, distributorId);
    state.snapshots.set(distributorId, pending);
    pending.catch(() => state.snapshots.delete(distributorId));
  }
  const snap = await pending;
  if (!db.isTransaction) await refresh(db, snap);
  return snap;
}

/** The next read of this distributor's catalogue in this instance looks at everything again, stock included. */
export function markDue(db: DbOrTrx, distributorId: string): void {
  void stateOf(db)
    .snapshots.get(distributorId)
    ?.then((s) => (s.stockDue = true))
    .catch(() => undefined);
}

/** Distributors whose catalogue this instance holds (stats, warm-up). */
export function loadedDistributors(db: DbOrTrx): string[] {
  return [...stateOf(db).snapshots.keys()];
}

/** Words of a text as search sees them: lower case, diacritics removed, split at anything not a letter or digit. */
export function foldWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const byNameOrder = (a: Entry, b: Entry): number => {
  const x = a.description;
  const y = b.description;
  if (x !== y) return x < y ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const newestOrder = (a: Entry, b: Entry): number =>
  b.createdMs - a.createdMs || byText(b.created_at, a.created_at) || byText(b.id, a.id);

async function loadSnapshot(db: DbOrTrx, distributorId: string): Promise<Snapshot> {
  const versions = await findCatalogVersions(db, distributorId);
  const snap: Snapshot = {
    distributorId,
    shared: new Map(),
    categoryCodes: { byValue: new Map(), values: [] },
    vendorCodes: { byValue: new Map(), values: [] },
    brandCodes: { byValue: new Map(), values: [] },
    products: new Map(),
    byName: [],
    byNewest: [],
    cols: columnsFor(1024),
    rankSlot: new Int32Array(1024),
    words: [],
    wordIndex: new Map(),
    slotRank: new Int32Array(1024).fill(-1),
    slots: 0,
    freed: [],
    free: [],
    promotions: indexPromotions([]),
    categories: new Map(),
    vendors: new Map(),
    version: versions.version,
    listsVersion: versions.listsVersion,
    generation: 0,
    stockGeneration: 0,
    stockCheckedAt: now().getTime(),
    stockSince: await stockReadFromMs(db),
    stockDue: false,
  };
  await loadLists(db, snap);
  let after = '';
  for (;;) {
    const rows = await findProductsChunk(db, distributorId, after, pacing.chunkRows);
    if (rows.length === 0) break;
    // Appended as they come; sorted once at the end (nobody reads the catalogue before it is loaded).
    addRows(
      snap,
      rows,
      await findProductPartsOf(
        db,
        rows.map((r) => r.id),
      ),
      'append',
    );
    after = rows[rows.length - 1]!.id;
    if (rows.length < pacing.chunkRows) break;
    await pacing.yield();
  }
  await sortInSlices(snap.byName, byNameOrder);
  await sortInSlices(snap.byNewest, newestOrder);
  await sortInSlices(snap.words, byText);
  renumber(snap);
  return snap;
}

/** Name and newest ranks from the orders (a plain loop: a few milliseconds at the largest catalogues). */
function renumber(snap: Snapshot): void {
  const newest = snap.byNewest;
  const newRank = snap.cols.newRank;
  for (let i = 0; i < newest.length; i++) {
    const e = newest[i]!;
    e.newRank = i;
    newRank[e.slot] = i;
  }
  const list = snap.byName;
  if (snap.rankSlot.length < list.length) snap.rankSlot = new Int32Array(list.length + (list.length >>> 2));
  const { slotRank, rankSlot } = snap;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    e.rank = i;
    slotRank[e.slot] = i;
    rankSlot[i] = e.slot;
  }
}

/** Columns for `n` slots, holding the first ones of `from`. */
function columnsFor(n: number, from?: Columns): Columns {
  const cols: Columns = {
    active: new Uint8Array(n),
    isNew: new Uint8Array(n),
    category: new Int32Array(n),
    subcategory: new Int32Array(n),
    vendor: new Int32Array(n),
    brand: new Int32Array(n),
    stock: new Float64Array(n),
    newRank: new Int32Array(n),
    price: [1, 2, 3, 4, 5].map(() => new Float64Array(n)),
    itemHash: new Int32Array(n),
    upcBits: new Int32Array(n),
  };
  if (from) {
    for (const key of [
      'active',
      'isNew',
      'category',
      'subcategory',
      'vendor',
      'brand',
      'stock',
      'newRank',
      'itemHash',
      'upcBits',
    ] as const)
      (cols[key] as { set(a: ArrayLike<number>): void }).set(from[key]);
    cols.price.forEach((p, i) => p.set(from.price[i]!));
  }
  return cols;
}

/** An entry's columns, at its slot. */
function writeColumns(cols: Columns, e: Entry): void {
  const r = e.slot;
  cols.active[r] = e.is_active === 1 ? 1 : 0;
  cols.isNew[r] = e.is_new_item === 1 ? 1 : 0;
  cols.category[r] = e.categoryCode;
  cols.subcategory[r] = e.subcategoryCode;
  cols.vendor[r] = e.vendorCode;
  cols.brand[r] = e.brandCode;
  cols.stock[r] = Number(e.stock_on_hand);
  cols.newRank[r] = e.newRank;
  for (let level = 1; level <= 5; level++) cols.price[level - 1]![r] = levelPriceCents(e, level);
  cols.itemHash[r] = codeHash(e.item_number);
  let bits = 0;
  for (const upc of e.upcs) bits |= 1 << (codeHash(upc) & 31);
  cols.upcBits[r] = bits;
}

/**
 * Where the next stock refresh starts reading (epoch ms on the clock that stamps stock changes), taken
 * before this refresh reads. Every change not yet committed now is stamped at or after it: PostgreSQL
 * stamps with clock_timestamp() inside a transaction that started at or after the oldest writing
 * transaction's start (pg_stat_activity: those holding a transaction id), and a transaction that has not
 * written yet stamps later than now.
 */
async function stockReadFromMs(db: DbOrTrx): Promise<number> {
  if (dialectOf(db) === 'sqlite') return Date.now() - stockOverlapMs(db);
  const { rows } = await sql<{ now_ms: string | number; oldest_ms: string | number | null }>`
    select (extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms,
           (select (extract(epoch from min(xact_start)) * 1000)::bigint from pg_stat_activity
             where backend_xid is not null and datname = current_database()) as oldest_ms`.execute(db);
  const overlapped = Number(rows[0]!.now_ms) - stockOverlapMs(db);
  const oldest = rows[0]!.oldest_ms;
  return oldest === null ? overlapped : Math.min(overlapped, Number(oldest));
}

function refresh(db: DbOrTrx, snap: Snapshot): Promise<void> {
  if (snap.running) {
    // A refresh under way may have read the versions before this request's reason to look: run once more after it.
    snap.rerun ??= snap.running.then(() => {
      snap.rerun = undefined;
      return refresh(db, snap);
    });
    return snap.rerun;
  }
  snap.running = runRefresh(db, snap).finally(() => (snap.running = undefined));
  return snap.running;
}

async function runRefresh(db: DbOrTrx, snap: Snapshot): Promise<void> {
  const versions = await findCatalogVersions(db, snap.distributorId);
  if (versions.listsVersion !== snap.listsVersion) {
    snap.listsVersion = versions.listsVersion;
    await loadLists(db, snap);
    snap.generation++;
  }
  if (versions.version > snap.version) await patchProducts(db, snap, versions.version);
  const t = now().getTime();
  if (snap.stockDue || t - snap.stockCheckedAt >= STOCK_REFRESH_MS) {
    snap.stockDue = false;
    snap.stockCheckedAt = t;
    await refreshStock(db, snap);
  }
}

async function loadLists(db: DbOrTrx, snap: Snapshot): Promise<void> {
  const [lists, promotions] = await Promise.all([
    findCatalogLists(db, snap.distributorId),
    loadCataloguePromotions(db, snap.distributorId, new Date(now().getTime()).toISOString()),
  ]);
  const categories = new Map(lists.categories.map((c) => [c.id, { name: c.name, parentId: c.parent_id }]));
  const vendors = new Map(lists.vendors.map((v) => [v.id, v.name]));
  const renamed =
    !sameMap(snap.categories, categories, (a, b) => a.name === b.name && a.parentId === b.parentId) ||
    !sameMap(snap.vendors, vendors, (a, b) => a === b);
  snap.categories = categories;
  snap.vendors = vendors;
  snap.promotions = indexPromotions(promotions.rules, promotions.details);
  // Names are part of each row: written again only when a category or vendor changed (a promotion's
  // change leaves them), a slice of rows per turn of the event loop.
  if (!renamed) return;
  let n = 0;
  for (const e of [...snap.products.values()]) {
    nameRow(snap, e);
    if (++n % pacing.sliceItems === 0) await pacing.yield();
  }
}

const categoryName = (snap: Snapshot, id: string | null) => (id ? (snap.categories.get(id)?.name ?? null) : null);
const vendorName = (snap: Snapshot, id: string | null) => (id ? (snap.vendors.get(id) ?? null) : null);

function nameRow(snap: Snapshot, row: ProductRow): void {
  row.category_name = categoryName(snap, row.category_id);
  row.subcategory_name = categoryName(snap, row.subcategory_id);
  row.vendor_name = vendorName(snap, row.vendor_id);
}

function sameMap<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, same: (x: V, y: V) => boolean): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || !same(v, w)) return false;
  }
  return true;
}

async function patchProducts(db: DbOrTrx, snap: Snapshot, upTo: number): Promise<void> {
  const since = snap.version;
  let after = { version: since, id: '' };
  let reordered = false;
  for (;;) {
    const rows = await findProductsChangedSince(db, snap.distributorId, after, upTo, pacing.chunkRows);
    if (rows.length === 0) break;
    const parts = await findProductPartsOf(
      db,
      rows.map((r) => r.id),
    );
    // Replaced in one synchronous step: a reader never finds a product missing.
    if (replaceRows(snap, rows, parts)) reordered = true;
    const last = rows[rows.length - 1]!;
    after = { version: last.version, id: last.id };
    if (rows.length < pacing.chunkRows) break;
    await pacing.yield();
  }
  const deleted = await findDeletedSince(db, snap.distributorId, since, upTo);
  if (deleted.length > 0) {
    removeEntries(snap, deleted);
    reordered = true;
  }
  if (reordered) renumber(snap);
  if (snap.freed.length > snap.products.size / 4) await compactWords(snap);
  snap.version = upTo;
  snap.generation++;
}

/** Drops given-up slots from the word lists, a few thousand words per turn of the event loop. */
async function compactWords(snap: Snapshot): Promise<void> {
  let n = 0;
  const freed = snap.freed;
  snap.freed = [];
  const live = (posting: number) => snap.slotRank[slotOf(posting)]! >= 0;
  for (const [word, held] of snap.wordIndex) {
    if (typeof held === 'number') {
      if (!live(held)) snap.wordIndex.delete(word);
    } else if (!held.every(live)) {
      const kept = held.filter(live);
      if (kept.length > 1) snap.wordIndex.set(word, kept);
      else if (kept.length === 1) snap.wordIndex.set(word, kept[0]!);
      else snap.wordIndex.delete(word);
    }
    if (++n % 5000 === 0) await pacing.yield();
  }
  snap.words = snap.words.filter((w) => snap.wordIndex.has(w));
  // No word list holds these slots now: they can be given again.
  for (const slot of freed) snap.free.push(slot);
}

async function refreshStock(db: DbOrTrx, snap: Snapshot): Promise<void> {
  const readFrom = await stockReadFromMs(db);
  const rows = await findStockChangedSince(db, snap.distributorId, snap.stockSince);
  let changed = false;
  for (const r of rows) {
    const e = snap.products.get(r.id);
    if (e && e.stock_on_hand !== r.stock_on_hand) {
      e.stock_on_hand = r.stock_on_hand;
      snap.cols.stock[e.slot] = Number(r.stock_on_hand);
      changed = true;
    }
  }
  snap.stockSince = readFrom;
  if (changed) snap.stockGeneration++;
}

const NO_TIERS: readonly QtyTier[] = Object.freeze([]);
const NO_UPCS: readonly string[] = Object.freeze([]);

/**
 * Each product's values, in arrays of their exact length: an array grown by push or spread keeps room for
 * about 17 elements (a 1-UPC array then takes 218 bytes instead of 89, 13 MB over 100,000 products).
 */
function groupBy<R extends { product_id: string }, V>(rows: readonly R[], value: (row: R) => V): Map<string, V[]> {
  const grown = new Map<string, V[]>();
  for (const row of rows) {
    const list = grown.get(row.product_id);
    if (list) list.push(value(row));
    else grown.set(row.product_id, [value(row)]);
  }
  for (const [id, list] of grown) if (list.length > 1) grown.set(id, list.slice());
  return grown;
}

/** The snapshot's one copy of a value (see Snapshot.shared); null stays null. */
function sharedText<T extends string | null>(snap: Snapshot, value: T): T {
  if (value === null) return value;
  const held = snap.shared.get(value) as T | undefined;
  if (held !== undefined) return held;
  snap.shared.set(value, value);
  return value;
}

function codeOf(codes: Codes, value: string | null): number {
  if (value === null || value === '') return -1;
  let code = codes.byValue.get(value);
  if (code === undefined) {
    code = codes.values.push(value) - 1;
    codes.byValue.set(value, code);
  }
  return code;
}

/** How many postings a word index value holds. */
export function postingCount(held: number | number[] | undefined): number {
  return held === undefined ? 0 : typeof held === 'number' ? 1 : held.length;
}

/**
 * A product's entry in a word's list: its slot times 4, plus 2 when the word is its description's
 * first word, 1 when it is another word of its description (relevance reads these, not descriptions).
 */
export const POSTING_FIRST = 2;
export const POSTING_DESCRIPTION = 1;
export const slotOf = (posting: number) => posting >>> 2;

/** A slot for an entry: a free one, or a new one (its rank is written when it is placed). */
function newSlot(snap: Snapshot): number {
  const reused = snap.free.pop();
  if (reused !== undefined) return reused;
  if (snap.slots === snap.slotRank.length) {
    // A quarter more each time: the columns are about 80 bytes a slot.
    const grown = new Int32Array(Math.ceil(snap.slotRank.length * 1.25) + 1024).fill(-1);
    grown.set(snap.slotRank);
    snap.slotRank = grown;
    snap.cols = columnsFor(grown.length, snap.cols);
  }
  return snap.slots++;
}

/** Gives up an entry's slot: its postings no longer match; compacting drops them, then the slot is reused. */
function giveUpSlot(snap: Snapshot, slot: number): void {
  snap.slotRank[slot] = -1;
  snap.freed.push(slot);
}

/** The folded words a product is found by: its description's, brand's, item number's and UPCs'. */
function wordsOf(row: Pick<ProductRow, 'description' | 'brand' | 'item_number'>, upcs: readonly string[]): string[] {
  return [
    ...new Set([
      ...foldWords(row.description),
      ...foldWords(row.brand),
      ...foldWords(row.item_number),
      ...upcs.flatMap(foldWords),
    ]),
  ];
}

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

type Parts = Awaited<ReturnType<typeof findProductPartsOf>>;

/**
 * Products read again: a product whose description, id and creation time are unchanged (a price,
 * flag or stock edit) takes its old entry's places in the name and newest orders, so the long lists
 * are not touched; the others are taken out and put in again. True when the orders changed.
 */
function replaceRows(snap: Snapshot, rows: ProductRow[], parts: Parts): boolean {
  const inPlace: ProductRow[] = [];
  const moved: ProductRow[] = [];
  for (const row of rows) {
    const old = snap.products.get(row.id);
    if (old && old.description === row.description && old.created_at === row.created_at) inPlace.push(row);
    else moved.push(row);
  }
  if (inPlace.length > 0) addRows(snap, inPlace, parts, 'replace');
  if (moved.length === 0) return false;
  removeEntries(
    snap,
    moved.map((r) => r.id),
  );
  addRows(snap, moved, parts, 'insert');
  return true;
}

/** Where an entry is in an order: its number when still right (no reorder since), else a binary search. */
function placeOf(list: readonly Entry[], e: Entry, known: number, order: (a: Entry, b: Entry) => number): number {
  if (list[known] === e) return known;
  const at = lowerBound(list, e, order);
  if (list[at] !== e) throw new Error(`catalogue snapshot: product ${e.id} is not in its order`);
  return at;
}

/**
 * Adds rows with their UPCs and tiers and indexes them: `insert` puts them in their places in the
 * orders, `append` at the ends (loading sorts once at the end), `replace` in the places of the
 * entries they replace (same description, id and creation time).
 */
function addRows(snap: Snapshot, rows: ProductRow[], parts: Parts, mode: 'insert' | 'append' | 'replace'): void {
  const upcs = groupBy(parts.upcs, (u) => u.upc);
  const tiers = groupBy(parts.tiers, (t) => ({ minQty: t.min_qty, discountCents: t.discount_cents }));
  const added: Entry[] = [];
  const newWords: string[] = [];
  for (const row of rows) {
    const productUpcs = upcs.get(row.id) ?? NO_UPCS;
    const desc = foldWords(row.description);
    const words = wordsOf(row, productUpcs);
    const categoryCode = codeOf(snap.categoryCodes, row.category_id);
    const subcategoryCode = codeOf(snap.categoryCodes, row.subcategory_id);
    const vendorCode = codeOf(snap.vendorCodes, row.vendor_id);
    const brandCode = codeOf(snap.brandCodes, row.brand);
    // Every field written here, in one literal: one object of one shape per product, its fields inside
    // it (a spread of the row would put them in a second object). Values many products share are one
    // string each (rows read from the database each hold their own copy).
    const entry: Entry = {
      id: row.id,
      item_number: row.item_number,
      description: row.description,
      brand: brandCode < 0 ? row.brand : snap.brandCodes.values[brandCode]!,
      category_id: categoryCode < 0 ? row.category_id : snap.categoryCodes.values[categoryCode]!,
      subcategory_id: subcategoryCode < 0 ? row.subcategory_id : snap.categoryCodes.values[subcategoryCode]!,
      vendor_id: vendorCode < 0 ? row.vendor_id : snap.vendorCodes.values[vendorCode]!,
      sales_category: sharedText(snap, row.sales_category),
      pack: row.pack,
      case_count: row.case_count,
      uom: sharedText(snap, row.uom),
      unit_ounces: row.unit_ounces,
      size: sharedText(snap, row.size),
      price1_cents: row.price1_cents,
      price2_cents: row.price2_cents,
      price3_cents: row.price3_cents,
      price4_cents: row.price4_cents,
      price5_cents: row.price5_cents,
      tax_rate_bp: row.tax_rate_bp,
      crv_cents: row.crv_cents,
      stock_on_hand: row.stock_on_hand,
      allow_backorder: row.allow_backorder,
      show_inventory_stock: row.show_inventory_stock,
      show_low_stock: row.show_low_stock,
      show_without_price: row.show_without_price,
      allow_to_order: row.allow_to_order,
      show_inventory_stock_to_sales: row.show_inventory_stock_to_sales,
      show_low_stock_to_sales: row.show_low_stock_to_sales,
      show_without_price_to_sales: row.show_without_price_to_sales,
      allow_to_order_sales: row.allow_to_order_sales,
      product_limit: row.product_limit,
      is_new_item: row.is_new_item,
      show_distributor_image: row.show_distributor_image,
      distributor_image_url: sharedText(snap, row.distributor_image_url),
      master_image_url: sharedText(snap, row.master_image_url),
      is_active: row.is_active,
      created_at: sharedText(snap, row.created_at),
      version: row.version,
      category_name: categoryName(snap, row.category_id),
      subcategory_name: categoryName(snap, row.subcategory_id),
      vendor_name: vendorName(snap, row.vendor_id),
      categoryCode,
      subcategoryCode,
      vendorCode,
      brandCode,
      upcs: productUpcs,
      tiers: tiers.get(row.id) ?? NO_TIERS,
      createdMs: Date.parse(row.created_at) || 0,
      rank: 0,
      newRank: 0,
      live: true,
      slot: -1,
    };
    const old = mode === 'replace' ? snap.products.get(row.id) : undefined;
    const keepsSlot = old !== undefined && sameWords(words, wordsOf(old, old.upcs));
    entry.slot = keepsSlot ? old.slot : newSlot(snap);
    if (old) {
      entry.rank = placeOf(snap.byName, old, old.rank, byNameOrder);
      snap.byName[entry.rank] = entry;
      entry.newRank = placeOf(snap.byNewest, old, old.newRank, newestOrder);
      snap.byNewest[entry.newRank] = entry;
      old.live = false;
      if (!keepsSlot) giveUpSlot(snap, old.slot);
      // Right as long as no product moved in this patch; if one did, renumber rewrites them all.
      snap.slotRank[entry.slot] = entry.rank;
      if (entry.rank < snap.rankSlot.length) snap.rankSlot[entry.rank] = entry.slot;
    } else added.push(entry);
    writeColumns(snap.cols, entry);
    snap.products.set(row.id, entry);
    if (keepsSlot) continue;
    for (const w of words) {
      const p = entry.slot * 4 + (w === desc[0] ? POSTING_FIRST : desc.includes(w) ? POSTING_DESCRIPTION : 0);
      const held = snap.wordIndex.get(w);
      if (held === undefined) {
        snap.wordIndex.set(w, p);
        newWords.push(w);
      } else if (typeof held === 'number') snap.wordIndex.set(w, [held, p]);
      else held.push(p);
    }
  }
  if (mode === 'append') {
    snap.byName.push(...added);
    snap.byNewest.push(...added);
    snap.words.push(...newWords);
    return;
  }
  snap.byName = insertSorted(snap.byName, added.sort(byNameOrder), byNameOrder);
  snap.byNewest = insertSorted(snap.byNewest, added.sort(newestOrder), newestOrder);
  snap.words = insertSorted(snap.words, newWords.sort(byText), byText);
}

/** Takes products out of the snapshot (their word lists drop them lazily). */
function removeEntries(snap: Snapshot, ids: readonly string[]): void {
  const gone: Entry[] = [];
  for (const id of ids) {
    const e = snap.products.get(id);
    if (!e) continue;
    gone.push(e);
    e.live = false;
    giveUpSlot(snap, e.slot);
    snap.products.delete(id);
  }
  if (gone.length === 0) return;
  if (gone.length <= 32) {
    // An entry is replaced, never edited in place (stock aside), so it is where its description says.
    for (const e of gone) {
      const at = lowerBound(snap.byName, e, byNameOrder);
      if (snap.byName[at] === e) snap.byName.splice(at, 1);
      const newAt = lowerBound(snap.byNewest, e, newestOrder);
      if (snap.byNewest[newAt] === e) snap.byNewest.splice(newAt, 1);
    }
  } else {
    keepLive(snap.byName);
    keepLive(snap.byNewest);
  }
}

/** Drops replaced entries from a list in place (no new array). */
function keepLive(list: Entry[]): void {
  let j = 0;
  for (let i = 0; i < list.length; i++) if (list[i]!.live) list[j++] = list[i]!;
  list.length = j;
}

function lowerBound<T>(list: readonly T[], item: T, order: (a: T, b: T) => number, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(list[mid]!, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Puts sorted additions into a sorted list in place: binary searches for their places, then the runs
 * between them are moved up with `copyWithin` (native moves, no comparison per element of the long list
 * and no new array: a new array of a hundred thousand elements per chunk would feed the garbage
 * collector's long pauses).
 */
export function insertSorted<T>(list: T[], added: readonly T[], order: (a: T, b: T) => number): T[] {
  if (added.length === 0) return list;
  const places: number[] = [];
  let from = 0;
  for (const item of added) places.push((from = lowerBound(list, item, order, from)));
  let end = list.length;
  for (const item of added) list.push(item); // grown without holes; every slot is written below

  for (let k = added.length - 1; k >= 0; k--) {
    const at = places[k]!;
    if (end > at) list.copyWithin(at + k + 1, at, end);
    list[at + k] = added[k]!;
    end = at;
  }
  return list;
}

/** Merges the sorted runs list[lo, mid) and list[mid, hi) of `from` into `to` (stable). */
function mergeRuns<T>(from: readonly T[], to: T[], lo: number, mid: number, hi: number, order: (a: T, b: T) => number): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) to[k++] = order(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
  while (i < mid) to[k++] = from[i++]!;
  while (j < hi) to[k++] = from[j++]!;
}

/**
 * Sorts a list in place as `Array.prototype.sort` would (stably), about `pacing.sliceItems` items of
 * work per turn of the event loop: runs of a few hundred sorted natively, then merged pairwise.
 */
export async function sortInSlices<T>(list: T[], order: (a: T, b: T) => number): Promise<void> {
  const n = list.length;
  const RUN = 256;
  let work = 0;
  const paced = async (items: number) => {
    work += items;
    if (work >= pacing.sliceItems) {
      work = 0;
      await pacing.yield();
    }
  };
  for (let lo = 0; lo < n; lo += RUN) {
    const run = list.slice(lo, lo + RUN).sort(order);
    for (let i = 0; i < run.length; i++) list[lo + i] = run[i]!;
    await paced(run.length * 4);
  }
  if (n <= RUN) return;
  let from = list;
  let to: T[] = new Array<T>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const hi = Math.min(lo + 2 * width, n);
      mergeRuns(from, to, lo, Math.min(lo + width, n), hi, order);
      await paced(hi - lo);
    }
    [from, to] = [to, from];
  }
  if (from !== list) for (let i = 0; i < n; i++) list[i] = from[i]!;
}
