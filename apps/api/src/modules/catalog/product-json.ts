// The JSON of a catalogue page, put together from parts kept in memory (catalog-product.ts): each
// product's base (per audience) and its prices (per audience and price level) are serialised once, as
// UTF-8 bytes, and reused by every page and every store that shows them; the product limit (it depends
// on the store's item limit), the stock count, the stock label (it depends on the stock on hand, so it is
// never kept) and the cart quantity are written for each answer, and
// the page is copied together into one buffer. Pricing and serialising 50 products cost more than the
// rest of a page together (6–9 µs a product); with five price levels and several item limits a product
// serialised whole was seldom reused, and encoding a 54 KB string to bytes cost as much again as
// copying its parts.
// The parts follow the catalogue version (a new version starts afresh), and a product's parts are
// remade when the promotion the page found for it (active discount, promoted) is not the one they were
// made with, so a promotion's start or end shows as soon as the search page shows it (within
// SEARCH_TTL_MS). Neither stock nor carts are kept here, so this serves both databases.
import { databaseOf, type DbOrTrx } from '../../db/database.ts';
import type { Audience, BuyerTerms } from '../../platform/buyer-context.ts';
import type { StockLabel } from '@portal/shared/catalog/stock-label';
import {
  catalogBase,
  catalogPrices,
  displayStockLabel,
  productLimitOf,
  showsStock,
  stockLabelOf,
  visibilityFor,
} from './catalog-product.ts';
import { PRICE_LEVELS, priceLevelOf, type ProductExtras, type ProductRow } from './catalog.repository.ts';

/** Past this many bytes of kept JSON the oldest parts are dropped. */
const MAX_BYTES = 256 * 1024 * 1024;
const AUDIENCES: readonly Audience[] = ['retailer', 'sales'];

/** One product's kept parts: the fields of each without the braces. */
export interface ProductParts {
  /** The promotion they were made with (promotionOf). */
  promotion: number;
  /** By audience (retailer, sales). */
  base: (Buffer | undefined)[];
  showsStock: boolean[];
  /** By audience: the label of the display flags, for when there is stock (stockLabelOf). */
  displayLabel: StockLabel[];
  /** By audience and price level: audience × the number of levels + level − 1. */
  prices: (Buffer | undefined)[];
  bytes: number;
}

interface KeptParts {
  version: number;
  /** Oldest first: parts are added (or remade) at the end and dropped from the front. */
  byProduct: Map<string, ProductParts>;
  bytes: number;
}

const kept = new WeakMap<object, KeptParts>();

function keptFor(db: DbOrTrx, version: number): KeptParts | undefined {
  const key = databaseOf(db);
  let parts = kept.get(key);
  if (!parts || parts.version < version) {
    parts = { version, byProduct: new Map(), bytes: 0 };
    kept.set(key, parts);
  }
  // A request still on an older catalogue makes its parts without keeping them.
  return parts.version === version ? parts : undefined;
}

/** The promotion of a product as its parts show it, in one number: twice the discount's basis points, plus one when promoted. */
function promotionOf(extras: ProductExtras, productId: string): number {
  return (extras.discountBp.get(productId) ?? 0) * 2 + (extras.promoted.has(productId) ? 1 : 0);
}

/** The kept parts of a product, made empty (and kept) when there are none or another promotion applies. */
function partsOf(k: KeptParts | undefined, productId: string, promotion: number): ProductParts {
  let parts = k?.byProduct.get(productId);
  if (parts && parts.promotion === promotion) return parts;
  if (k && parts) {
    k.byProduct.delete(productId);
    k.bytes -= parts.bytes;
  }
  parts = { promotion, base: [], showsStock: [], displayLabel: [], prices: [], bytes: 0 };
  if (k) {
    k.byProduct.set(productId, parts);
    if (k.bytes > MAX_BYTES) {
      for (const [id, old] of k.byProduct) {
        if (k.bytes <= MAX_BYTES * 0.9) break;
        k.byProduct.delete(id);
        k.bytes -= old.bytes;
      }
    }
  }
  return parts;
}

const fieldsOf = (value: object) => Buffer.from(JSON.stringify(value).slice(1, -1));

/**
 * A catalogue page being answered: its rows and their extras (from a kept search page) and the parts
 * found for them, kept with the search page so that a repeated page finds them without a lookup.
 */
export interface PageProducts {
  rows: readonly ProductRow[];
  extras: ProductExtras;
  parts?: ProductParts[];
}

/** Where a buyer's parts are kept: the audience's slot, and the slot of its price level. */
function slotsOf(audience: Audience, priceLevel: number) {
  const a = AUDIENCES.indexOf(audience);
  return { a, p: a * PRICE_LEVELS.length + priceLevelOf(priceLevel) - 1 };
}

/** The i-th product's parts with its base and its prices at the level made (and kept) when missing. */
function partsAt(
  k: KeptParts | undefined,
  page: PageProducts,
  i: number,
  audience: Audience,
  priceLevel: number,
  { a, p }: { a: number; p: number },
): ProductParts {
  const row = page.rows[i]!;
  const parts = (page.parts ??= []);
  // Found once per page: a page's promotions do not change while it is kept, and the lookup in the
  // shared map (a hundred thousand products) costs about a microsecond in cache misses.
  let kept = parts[i];
  if (!kept) kept = parts[i] = partsOf(k, row.id, promotionOf(page.extras, row.id));
  if (!kept.base[a]) {
    const base = (kept.base[a] = fieldsOf(catalogBase(row, page.extras, audience)));
    kept.showsStock[a] = showsStock(row, audience);
    kept.displayLabel[a] = displayStockLabel(visibilityFor(row, audience), audience);
    grow(k, row.id, kept, base.length);
  }
  if (!kept.prices[p]) {
    const prices = (kept.prices[p] = fieldsOf(catalogPrices(row, page.extras, audience, priceLevel)));
    grow(k, row.id, kept, prices.length);
  }
  return kept;
}

/** Counts bytes added to a product's parts (in the budget only while they are the kept ones). */
function grow(k: KeptParts | undefined, productId: string, parts: ProductParts, bytes: number) {
  parts.bytes += bytes;
  if (k && k.byProduct.get(productId) === parts) k.bytes += bytes;
}

/** Makes and keeps the parts of these products as the audience sees them at each of these price levels (start-up). */
export function keepProductParts(
  db: DbOrTrx,
  version: number,
  page: PageProducts,
  audience: Audience,
  priceLevels: readonly number[],
) {
  const k = keptFor(db, version);
  for (const level of priceLevels) {
    const slots = slotsOf(audience, level);
    for (let i = 0; i < page.rows.length; i++) partsAt(k, page, i, audience, level, slots);
  }
}

/**
 * `head` + `[…]` + `tail`: the products as this buyer sees them, in order, with these stock counts (and
 * the labels they make, with the distributor's back-order setting) and cart quantities (the same text as
 * JSON.stringify of toCatalogProduct for each), as UTF-8 bytes.
 */
export function productListJson(
  db: DbOrTrx,
  version: number,
  page: PageProducts,
  audience: Audience,
  terms: Pick<BuyerTerms, 'priceLevel' | 'itemLimitQty'>,
  stockOf: (productId: string) => number | undefined,
  distributorBackorders: boolean,
  cartQty: ReadonlyMap<string, number>,
  head: Buffer,
  tail: Buffer,
): Buffer {
  const k = keptFor(db, version);
  const slots = slotsOf(audience, terms.priceLevel);
  const { rows } = page;
  const pieces: Buffer[] = [];
  const ends: string[] = [];
  let length = head.length + 2 + tail.length + Math.max(0, rows.length - 1);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const kept = partsAt(k, page, i, audience, terms.priceLevel, slots);
    const base = kept.base[slots.a]!;
    const prices = kept.prices[slots.p]!;
    const limit = productLimitOf(row, terms);
    const onHand = stockOf(row.id) ?? row.stock_on_hand;
    const stock = kept.showsStock[slots.a] ? `,"Inventory_OnHand":${onHand}` : '';
    const label = stockLabelOf(row, kept.displayLabel[slots.a]!, onHand, distributorBackorders);
    // ASCII only, so its length is its byte count.
    const end = `,"hasProductLimit":${limit != null},"productLimit":${limit},"quantity":${cartQty.get(row.id) ?? 0}${stock},"stockLabel":"${label}"}`;
    pieces.push(base, prices);
    ends.push(end);
    length += 2 + base.length + prices.length + end.length;
  }
  // Copied with TypedArray#set and a loop over the short ASCII ends: Buffer#copy and Buffer#write cost
  // a few hundred nanoseconds of checks each, a third of the page's time.
  const out = Buffer.allocUnsafe(length);
  out.set(head, 0);
  let at = head.length;
  out[at++] = 0x5b; // [
  for (let i = 0; i < ends.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    out[at++] = 0x7b; // {
    const base = pieces[2 * i]!;
    out.set(base, at);
    at += base.length;
    out[at++] = 0x2c; // ,
    const prices = pieces[2 * i + 1]!;
    out.set(prices, at);
    at += prices.length;
    const end = ends[i]!;
    for (let c = 0; c < end.length; c++) out[at++] = end.charCodeAt(c);
  }
  out[at++] = 0x5d; // ]
  out.set(tail, at);
  return out;
}
