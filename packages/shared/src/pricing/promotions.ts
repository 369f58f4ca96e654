// Which promotions apply to a product for a buyer at a moment, and the price they make. Plain functions
// over rules the API loads once per distributor (promotions service: loadPromotionRules), so the
// catalogue, cart, orders, shelves and the office's preview all decide the same way.
//
// Stacking rule (docs/admin-catalog.md, Promotions): promotions never add up. Of the promotions running
// for the buyer, the one taking the most cents off the unit price wins (a tie goes to the one that
// started last, then the lowest id, so the answer never depends on load order). Quantity tiers then come
// off the promoted price, as they do off the list price without a promotion.
// Times: a promotion runs from its start (included) to its end (excluded); no end means open-ended.
import { applyBasisPoints, bestTier, type QtyDiscountTier } from './pricing.ts';

export const PROMOTION_TARGET_TYPES = ['product', 'category', 'brand', 'vendor'] as const;
export type PromotionTargetType = (typeof PROMOTION_TARGET_TYPES)[number];

export const AUDIENCE_TYPES = ['all', 'customers', 'priceLevels', 'routes'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

export type PromotionDiscount =
  | { type: 'percent'; basisPoints: number } // 1000 = 10 %
  | { type: 'amount'; cents: number }; // off the unit price

export interface Audience {
  type: AudienceType;
  /** Customer ids, price levels ('1'..'5') or route numbers; ignored for 'all'. */
  values: readonly string[];
}

export interface PromotionTargets {
  productIds: readonly string[];
  /** A category target matches a product's category or subcategory. */
  categoryIds: readonly string[];
  /** Matched letter case and surrounding spaces aside. */
  brands: readonly string[];
  vendorIds: readonly string[];
}

/** One promotion as the rules read it. */
export interface PromotionRule {
  id: string;
  title: string;
  discount: PromotionDiscount | null;
  /** Shown on the promoted shelf. */
  promoted: boolean;
  targets: PromotionTargets;
  audience: Audience;
  /** ISO-8601 UTC. */
  startsAt: string;
  endsAt: string | null;
  isActive: boolean;
}

export interface PromotionProduct {
  id: string;
  categoryId: string | null;
  subcategoryId: string | null;
  brand: string | null;
  vendorId: string | null;
}

export interface PromotionBuyer {
  customerId: string;
  /** 1..5 */
  priceLevel: number;
  /** customers.route_number */
  route: string | null;
}

const timeOf = (t: string | Date): number => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** Runs at `now`: switched on, started (start included) and not ended (end excluded). */
export function isRunning(rule: Pick<PromotionRule, 'isActive' | 'startsAt' | 'endsAt'>, now: string | Date): boolean {
  const at = timeOf(now);
  return rule.isActive && timeOf(rule.startsAt) <= at && (rule.endsAt === null || at < timeOf(rule.endsAt));
}

export type PromotionStatus = 'active' | 'scheduled' | 'ended' | 'inactive';

/** The office's status of a promotion or banner at `now`. */
export function promotionStatus(
  rule: Pick<PromotionRule, 'isActive' | 'startsAt' | 'endsAt'>,
  now: string | Date,
): PromotionStatus {
  if (!rule.isActive) return 'inactive';
  const at = timeOf(now);
  if (at < timeOf(rule.startsAt)) return 'scheduled';
  if (rule.endsAt !== null && timeOf(rule.endsAt) <= at) return 'ended';
  return 'active';
}

/** The buyer is in the audience (also used for banners). */
export function inAudience(audience: Audience, buyer: PromotionBuyer | null): boolean {
  if (audience.type === 'all') return true;
  if (!buyer) return false;
  if (audience.type === 'customers') return audience.values.includes(buyer.customerId);
  if (audience.type === 'priceLevels') return audience.values.includes(String(buyer.priceLevel));
  return buyer.route !== null && audience.values.includes(buyer.route.trim());
}

const sameBrand = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The product is one of the promotion's targets. */
export function targetsProduct(targets: PromotionTargets, product: PromotionProduct): boolean {
  if (targets.productIds.includes(product.id)) return true;
  if (product.categoryId && targets.categoryIds.includes(product.categoryId)) return true;
  if (product.subcategoryId && targets.categoryIds.includes(product.subcategoryId)) return true;
  if (product.vendorId && targets.vendorIds.includes(product.vendorId)) return true;
  const brand = product.brand;
  return brand !== null && brand.trim() !== '' && targets.brands.some((b) => sameBrand(b, brand));
}

/** The promotions that apply to (product, buyer, now): running, aimed at the product and at the buyer. */
export function applicablePromotions(
  rules: readonly PromotionRule[],
  product: PromotionProduct,
  buyer: PromotionBuyer | null,
  now: string | Date,
): PromotionRule[] {
  return rules.filter((r) => isRunning(r, now) && targetsProduct(r.targets, product) && inAudience(r.audience, buyer));
}

/** Cents a discount takes off a unit price: a percent rounded half up, an amount at most the price. */
export function discountCents(discount: PromotionDiscount | null, unitPriceCents: number): number {
  if (!discount || unitPriceCents <= 0) return 0;
  if (discount.type === 'percent') return applyBasisPoints(unitPriceCents, Math.min(10_000, discount.basisPoints));
  return Math.min(unitPriceCents, Math.max(0, discount.cents));
}

export interface BestPromotion {
  rule: PromotionRule;
  discountCents: number;
}

/** The stacking rule: the one applicable promotion taking the most off the level price, or null. */
export function bestPromotion(
  rules: readonly PromotionRule[],
  product: PromotionProduct,
  buyer: PromotionBuyer | null,
  now: string | Date,
  levelPriceCents: number,
): BestPromotion | null {
  let best: BestPromotion | null = null;
  for (const rule of applicablePromotions(rules, product, buyer, now)) {
    const cents = discountCents(rule.discount, levelPriceCents);
    if (cents <= 0) continue;
    if (
      !best ||
      cents > best.discountCents ||
      (cents === best.discountCents &&
        (timeOf(rule.startsAt) > timeOf(best.rule.startsAt) ||
          (timeOf(rule.startsAt) === timeOf(best.rule.startsAt) && rule.id < best.rule.id)))
    )
      best = { rule, discountCents: cents };
  }
  return best;
}

/** isDiscounted: a running promotion lowers this buyer's price of the product (tiers do not count). */
export function isDiscounted(
  rules: readonly PromotionRule[],
  product: PromotionProduct,
  buyer: PromotionBuyer | null,
  now: string | Date,
  levelPriceCents: number,
): boolean {
  return bestPromotion(rules, product, buyer, now, levelPriceCents) !== null;
}

/** The promotion putting the product on the buyer's promoted shelf (the one started last), or null. */
export function promotedBy(
  rules: readonly PromotionRule[],
  product: PromotionProduct,
  buyer: PromotionBuyer | null,
  now: string | Date,
): PromotionRule | null {
  let found: PromotionRule | null = null;
  for (const rule of applicablePromotions(rules, product, buyer, now)) {
    if (rule.promoted && (!found || timeOf(rule.startsAt) > timeOf(found.startsAt))) found = rule;
  }
  return found;
}

export interface DiscountedUnitPriceInput {
  levelPriceCents: number;
  /** What the best promotion takes off (BestPromotion.discountCents, 0 when none). */
  promotionDiscountCents: number;
  tiers: readonly QtyDiscountTier[];
  quantity: number;
}

/** Unit price for a quantity: the best promotion off the level price, then the best reached tier; never below 0. */
export function discountedUnitPriceCents(input: DiscountedUnitPriceInput): number {
  const promoted = input.levelPriceCents - Math.min(input.levelPriceCents, Math.max(0, input.promotionDiscountCents));
  const tier = bestTier(input.tiers, Math.max(1, input.quantity));
  return Math.max(0, promoted - (tier?.discountCents ?? 0));
}
