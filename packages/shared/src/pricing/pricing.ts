// Line pricing in integer cents: the customer's level price, an active discount promotion,
// quantity-discount tiers, tax rounded once per line, and CRV per unit (never taxed).
// The API prices catalogue, cart and orders with these functions only, so every screen agrees.

export interface QtyDiscountTier {
  minQty: number;
  /** Cents off the unit price from minQty up. */
  discountCents: number;
}

/**
 * The unit price a customer on `priceLevel` pays before promotions and tiers: Price 1 to Price 5 (any
 * other level reads as 1). A level left unset (0 or blank: most imports fill only Price 1) falls back to
 * Price 1, so no store ever sees or pays $0.00 because a column was empty (docs/ordering.md "Prices").
 */
export function levelPriceCents(prices: readonly [unknown, unknown, unknown, unknown, unknown], priceLevel: number): number {
  const price1 = Number(prices[0]) || 0;
  if (priceLevel < 2 || priceLevel > 5 || !Number.isInteger(priceLevel)) return price1;
  const level = Number(prices[priceLevel - 1]) || 0;
  return level > 0 ? level : price1;
}

/** Rounds a non-negative amount × basis points to whole cents, half up (825 bp = 8.25 %). */
export function applyBasisPoints(amountCents: number, basisPoints: number): number {
  if (amountCents <= 0 || basisPoints <= 0) return 0;
  // Integer arithmetic: amount·bp is exact for any realistic amount (< 2^53).
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

/** The best tier for a quantity: the largest discount among tiers whose threshold is reached. */
export function bestTier(tiers: readonly QtyDiscountTier[], quantity: number): QtyDiscountTier | null {
  let best: QtyDiscountTier | null = null;
  for (const tier of tiers) {
    if (tier.minQty <= quantity && tier.discountCents > 0 && (!best || tier.discountCents > best.discountCents)) best = tier;
  }
  return best;
}

/** One unit with its tax (for the "price with tax" shown next to a price). */
export function unitPriceWithTaxCents(unitCents: number, taxRateBp: number): number {
  return unitCents + applyBasisPoints(unitCents, taxRateBp);
}

export interface LineInput {
  unitPriceCents: number;
  quantity: number;
  taxRateBp: number;
  /** CRV per unit. */
  crvCents: number;
}

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** unit × quantity */
  subtotalCents: number;
  /** tax on the subtotal, rounded once for the line */
  taxCents: number;
  /** CRV × quantity */
  crvCents: number;
  /** subtotal + tax */
  subtotalWithTaxCents: number;
  /** subtotal + tax + CRV */
  totalCents: number;
}

export function priceLine(line: LineInput): PricedLine {
  const subtotalCents = line.unitPriceCents * line.quantity;
  const taxCents = applyBasisPoints(subtotalCents, line.taxRateBp);
  const crvCents = line.crvCents * line.quantity;
  return {
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    subtotalCents,
    taxCents,
    crvCents,
    subtotalWithTaxCents: subtotalCents + taxCents,
    totalCents: subtotalCents + taxCents + crvCents,
  };
}

export interface Totals {
  /** Sum of quantities. */
  quantity: number;
  subtotalCents: number;
  taxCents: number;
  crvCents: number;
  subtotalWithTaxCents: number;
  /** subtotal + tax + CRV (delivery charge not included) */
  totalCents: number;
}

export function sumLines(lines: readonly PricedLine[]): Totals {
  const t: Totals = { quantity: 0, subtotalCents: 0, taxCents: 0, crvCents: 0, subtotalWithTaxCents: 0, totalCents: 0 };
  for (const l of lines) {
    t.quantity += l.quantity;
    t.subtotalCents += l.subtotalCents;
    t.taxCents += l.taxCents;
    t.crvCents += l.crvCents;
    t.subtotalWithTaxCents += l.subtotalWithTaxCents;
    t.totalCents += l.totalCents;
  }
  return t;
}

/** Basis points as the percentage number the spec's Tax_Rate shows: 825 → 8.25. */
export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}
