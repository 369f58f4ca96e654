// The one place that decides which promotions apply to a product for a buyer at a moment. The catalogue
// snapshot holds the distributor's promotion rules as the promotions service loads them
// (loadPromotionRules: targets on products, categories, brands, vendors; audiences of customers, price
// levels, routes; dates), and every answer (search, shelves, product dialog, cart, order) evaluates them
// here with the shared pure rules (packages/shared pricing/promotions.ts: bestPromotion, promotedBy and
// their stacking rule), so a promotion starts and ends on time and reaches its audience only.
import {
  bestPromotion,
  inAudience,
  promotedBy,
  type PromotionBuyer,
  type PromotionProduct,
  type PromotionRule,
} from '@portal/shared/pricing/promotions';
import type { ProductRow } from './catalog.repository.ts';

export type { PromotionBuyer };

export interface PromotedInfo {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  endsAt: string | null;
}

export interface ProductPromotion {
  /** Cents the best promotion takes off the level price (0: none). */
  discountCents: number;
  /** The winning discount as a percent of the level price (a percent rule's own figure), or null. */
  discountPercent: number | null;
  promoted: PromotedInfo | null;
}

export const NO_PROMOTION: ProductPromotion = Object.freeze({ discountCents: 0, discountPercent: null, promoted: null });

/** A distributor's promotions as the snapshot holds them. */
export interface DistributorPromotions {
  rules: readonly PromotionRule[];
  /** Each rule's start and end in epoch ms (no end: Infinity), in the order of `rules`. */
  windows: readonly { start: number; end: number }[];
  /** Promoted-shelf details (description, image) by promotion id. */
  details: ReadonlyMap<string, { description: string | null; imageUrl: string | null }>;
  /** Every start and end in epoch ms, sorted (see promotionEpoch). */
  boundaries: readonly number[];
  /** Every target of every rule (brands folded as the rules match them): most products are in none. */
  targeted: {
    products: ReadonlySet<string>;
    categories: ReadonlySet<string>;
    brands: ReadonlySet<string>;
    vendors: ReadonlySet<string>;
  };
}

const foldBrand = (b: string) => b.trim().toLowerCase();

/** Indexes a distributor's promotion rules. */
export function indexPromotions(
  rules: readonly PromotionRule[],
  details: ReadonlyMap<string, { description: string | null; imageUrl: string | null }> = new Map(),
): DistributorPromotions {
  const boundaries = new Set<number>();
  const targeted = {
    products: new Set<string>(),
    categories: new Set<string>(),
    brands: new Set<string>(),
    vendors: new Set<string>(),
  };
  for (const r of rules) {
    boundaries.add(Date.parse(r.startsAt));
    if (r.endsAt) boundaries.add(Date.parse(r.endsAt));
    for (const id of r.targets.productIds) targeted.products.add(id);
    for (const id of r.targets.categoryIds) targeted.categories.add(id);
    for (const b of r.targets.brands) targeted.brands.add(foldBrand(b));
    for (const id of r.targets.vendorIds) targeted.vendors.add(id);
  }
  const windows = rules.map((r) => ({ start: Date.parse(r.startsAt), end: r.endsAt ? Date.parse(r.endsAt) : Infinity }));
  return { rules, windows, details, boundaries: [...boundaries].sort((a, b) => a - b), targeted };
}

/**
 * The rules running at `at` whose audience holds the buyer: what a request evaluates per product
 * (computed once per request, the product match then runs on a short list).
 */
export function rulesFor(promotions: DistributorPromotions, buyer: PromotionBuyer, at: string): PromotionRule[] {
  const t = Date.parse(at);
  // isRunning's test on the times parsed once (start included, end excluded).
  return promotions.rules.filter((r, i) => {
    const w = promotions.windows[i]!;
    return r.isActive && w.start <= t && t < w.end && inAudience(r.audience, buyer);
  });
}

/**
 * Which promotions a buyer may get, as a cache key part: buyers with the same key get the same
 * promotions on every product (the ids of the rules whose audience holds the buyer, and the price level
 * the discounts are taken from; promotionEpoch keys the time).
 */
export function audienceKey(promotions: DistributorPromotions, buyer: PromotionBuyer): string {
  const ids = promotions.rules.filter((r) => inAudience(r.audience, buyer)).map((r) => r.id);
  return `${buyer.priceLevel}:${ids.sort().join(',')}`;
}

export function promotionProduct(
  product: Pick<ProductRow, 'id' | 'category_id' | 'subcategory_id' | 'brand' | 'vendor_id'>,
): PromotionProduct {
  return {
    id: product.id,
    categoryId: product.category_id,
    subcategoryId: product.subcategory_id,
    brand: product.brand,
    vendorId: product.vendor_id,
  };
}

/**
 * What applies to one product for this buyer at `at`, its discount taken off `levelPriceCents`.
 * `rules` is rulesFor(...) of the same buyer and moment.
 */
export function promotionFor(
  promotions: DistributorPromotions,
  rules: readonly PromotionRule[],
  product: Pick<ProductRow, 'id' | 'category_id' | 'subcategory_id' | 'brand' | 'vendor_id'>,
  buyer: PromotionBuyer,
  at: string,
  levelPriceCents: number,
): ProductPromotion {
  const t = promotions.targeted;
  // A quick no for the products no rule targets (the shared rules decide for the others).
  if (
    rules.length === 0 ||
    !(
      t.products.has(product.id) ||
      (product.category_id !== null && t.categories.has(product.category_id)) ||
      (product.subcategory_id !== null && t.categories.has(product.subcategory_id)) ||
      (product.vendor_id !== null && t.vendors.has(product.vendor_id)) ||
      (product.brand !== null && t.brands.has(foldBrand(product.brand)))
    )
  )
    return NO_PROMOTION;
  const p = promotionProduct(product);
  const best = bestPromotion(rules, p, buyer, at, levelPriceCents);
  const shelf = promotedBy(rules, p, buyer, at);
  if (!best && !shelf) return NO_PROMOTION;
  const discount = best?.rule.discount;
  const discountPercent = !best
    ? null
    : discount?.type === 'percent'
      ? Math.min(10_000, discount.basisPoints) / 100
      : Math.round((best.discountCents * 10_000) / levelPriceCents) / 100;
  const details = shelf ? promotions.details.get(shelf.id) : undefined;
  return {
    discountCents: best?.discountCents ?? 0,
    discountPercent,
    promoted: shelf
      ? {
          id: shelf.id,
          title: shelf.title,
          description: details?.description ?? null,
          imageUrl: details?.imageUrl ?? null,
          endsAt: shelf.endsAt,
        }
      : null,
  };
}

/**
 * How many promotion starts and ends have passed at `at`: answers that depend on promotions are
 * cached under it, so they change exactly at a boundary.
 */
export function promotionEpoch(sortedBoundaries: readonly number[], at: string): number {
  const t = Date.parse(at);
  let lo = 0;
  let hi = sortedBoundaries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sortedBoundaries[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
