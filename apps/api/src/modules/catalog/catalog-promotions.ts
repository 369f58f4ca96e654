// The one place that decides which promotions apply to a product for a buyer at a moment: the
// distributor's promotions are held in the catalogue snapshot with their dates (indexed here by
// `indexPromotions`), and every answer (search, shelves, cart, order) evaluates them with
// `promotionFor`, so a promotion starts and ends on time. Today: product-level promotions, for every
// buyer; the best discount wins, and the most recently started promoted one is shown. Rules on
// categories, brands, vendors or audiences go here (and `audienceKey` then tells buyers apart).
import type { BuyerContext } from '../../platform/buyer-context.ts';
import type { ProductRow } from './catalog.repository.ts';

/** A promotion of kind discount or promoted with its active flag set, whatever its dates. */
export interface PromotionRow {
  id: string;
  product_id: string | null;
  kind: string;
  title: string;
  description: string | null;
  image_url: string | null;
  discount_bp: number | null;
  starts_at: string;
  ends_at: string | null;
}

export interface PromotedInfo {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  endsAt: string | null;
}

export interface ProductPromotion {
  /** Percent off the level price, in basis points (0: none). */
  discountBp: number;
  promoted: PromotedInfo | null;
}

export const NO_PROMOTION: ProductPromotion = Object.freeze({ discountBp: 0, promoted: null });

/** A distributor's promotions as the snapshot holds them. */
export interface DistributorPromotions {
  all: readonly PromotionRow[];
  byProduct: ReadonlyMap<string, readonly PromotionRow[]>;
  /** Every start and end, sorted (see promotionEpoch). */
  boundaries: readonly string[];
}

/** Indexes a distributor's promotions (newest start first, as read). */
export function indexPromotions(all: readonly PromotionRow[]): DistributorPromotions {
  const byProduct = new Map<string, PromotionRow[]>();
  const boundaries = new Set<string>();
  for (const p of all) {
    if (p.product_id) byProduct.set(p.product_id, [...(byProduct.get(p.product_id) ?? []), p]);
    boundaries.add(p.starts_at);
    if (p.ends_at) boundaries.add(p.ends_at);
  }
  return { all, byProduct, boundaries: [...boundaries].sort() };
}

export type PromotionBuyer = Pick<BuyerContext, 'customerId' | 'audience'>;

/**
 * Which promotions a buyer may get, as a cache key part: buyers with the same key get the same
 * promotions (today every buyer does).
 */
export function audienceKey(_promotions: DistributorPromotions, _buyer: PromotionBuyer): string {
  return '';
}

/** What applies to one product for this buyer at `at` (ISO-8601, compared as text). */
export function promotionFor(
  promotions: DistributorPromotions,
  product: Pick<ProductRow, 'id' | 'category_id' | 'subcategory_id' | 'brand' | 'vendor_id'>,
  _buyer: PromotionBuyer,
  at: string,
): ProductPromotion {
  const own = promotions.byProduct.get(product.id);
  if (!own || own.length === 0) return NO_PROMOTION;
  let discountBp = 0;
  let promoted: PromotedInfo | null = null;
  for (const p of own) {
    if (p.starts_at > at || (p.ends_at !== null && p.ends_at <= at)) continue;
    if (p.kind === 'discount' && (p.discount_bp ?? 0) > 0) discountBp = Math.max(discountBp, Math.min(10000, p.discount_bp!));
    if (p.kind === 'promoted' && !promoted)
      promoted = { id: p.id, title: p.title, description: p.description, imageUrl: p.image_url, endsAt: p.ends_at };
  }
  return discountBp === 0 && !promoted ? NO_PROMOTION : { discountBp, promoted };
}

/**
 * How many promotion starts and ends have passed at `at`: answers that depend on promotions are
 * cached under it, so they change exactly at a boundary.
 */
export function promotionEpoch(sortedBoundaries: readonly string[], at: string): number {
  let lo = 0;
  let hi = sortedBoundaries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sortedBoundaries[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
