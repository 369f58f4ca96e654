// What a catalogue search needs to know about the buyer before it looks anything up: the store's
// terms (price level, item limit), the catalogue version (part of every cache key), whether the
// buyer's cart holds anything (the cart overlay) and whether the distributor allows back-orders (stock
// labels). One query; on SQLite the answer is kept until one of
// its rows changes (a store's terms, a line of its carts, the catalogue version), which the row-change
// feed reports as it happens (db/row-changes.ts), so a kept answer is never out of date.
import type { DbOrTrx } from '../../db/database.ts';
import { keptFollowingRows } from '../../db/row-changes.ts';
import { notFound } from '../../platform/errors.ts';
import { termsOf, type BuyerContext, type BuyerTerms } from '../../platform/buyer-context.ts';
import { loadSearchContext } from './catalog.repository.ts';

export interface SearchContext {
  terms: BuyerTerms;
  version: number;
  cartLines: number;
  /** The distributor's allow_backorders setting. */
  backOrders: boolean;
}

/** Per database: customer id → (user and distributor) → context. */
type Known = Map<string, Map<string, SearchContext>>;
const knownContexts = new WeakMap<object, Known>();
const KNOWN_CUSTOMERS_MAX = 50_000;

function knownContextsOf(db: DbOrTrx): Known | undefined {
  return keptFollowingRows(db, knownContexts, (changes) => {
    const contexts: Known = new Map();
    const forgetCustomer = (customerId: string | null) => (customerId === null ? contexts.clear() : contexts.delete(customerId));
    changes.watch(
      'customers',
      {
        on: ['update', 'delete'],
        columns: ['id', 'distributor_id', 'price_level', 'min_order_cents', 'item_limit_qty'],
        key: 'id',
      },
      forgetCustomer,
    );
    changes.watch('cart_items', { on: ['insert', 'update', 'delete'], key: 'customer_id' }, forgetCustomer);
    changes.watch('catalog_version', { on: ['insert', 'update', 'delete'], key: 'id' }, () => contexts.clear());
    changes.watch('settings', { on: ['insert', 'update', 'delete'], key: 'distributor_id' }, () => contexts.clear());
    changes.onOutsideWrite(() => contexts.clear());
    return contexts;
  });
}

export async function searchContextOf(db: DbOrTrx, buyer: BuyerContext): Promise<SearchContext> {
  const known = knownContextsOf(db);
  const userKey = `${buyer.userId}\n${buyer.distributorId}`;
  const hit = known?.get(buyer.customerId)?.get(userKey);
  if (hit) return hit;
  const row = await loadSearchContext(db, buyer);
  if (!row) throw notFound('Customer not found');
  const context = Object.freeze({
    terms: Object.freeze(termsOf(row)),
    version: row.catalog_version,
    cartLines: row.cart_lines,
    backOrders: row.allow_backorders,
  });
  if (known) {
    if (known.size >= KNOWN_CUSTOMERS_MAX) known.clear();
    let ofCustomer = known.get(buyer.customerId);
    if (!ofCustomer) {
      ofCustomer = new Map();
      known.set(buyer.customerId, ofCustomer);
    }
    ofCustomer.set(userKey, context);
  }
  return context;
}
