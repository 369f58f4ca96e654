// Purchasing maths (issue 18 §4, §5): sales velocity over a window, days of cover, whether a product
// needs reordering and how many units to suggest. Plain functions shared by the API and the web.

/** The distributor's purchasing settings; an absent setting means these defaults. */
export interface PurchasingSettings {
  /** Days of sales that make the velocity (the window ends now). */
  velocityWindowDays: number;
  /** A product with fewer days of cover than this is high demand and gets a suggested purchase order line. */
  coverThresholdDays: number;
  /** A suggestion brings the product's cover up to this many days. */
  targetCoverDays: number;
}

export const DEFAULT_PURCHASING_SETTINGS: PurchasingSettings = {
  velocityWindowDays: 28,
  coverThresholdDays: 14,
  targetCoverDays: 28,
};

/** What the maths needs to know of one product. */
export interface StockPosition {
  /** Units in the warehouse now (open customer orders are already taken off at placement; may be negative on backorder). */
  stockOnHand: number;
  /** Units on issued purchase orders not yet received. */
  incoming: number;
  /** Units sold in the window (orders other than cancelled). */
  unitsSold: number;
}

/** Units sold per day over the window. */
export function velocityPerDay(unitsSold: number, windowDays: number): number {
  if (windowDays <= 0 || unitsSold <= 0) return 0;
  return unitsSold / windowDays;
}

/** Units available to sell: stock (a backorder's negative stock counts as none) plus what is on its way. */
export function availableUnits(p: Pick<StockPosition, 'stockOnHand' | 'incoming'>): number {
  return Math.max(p.stockOnHand, 0) + Math.max(p.incoming, 0);
}

/**
 * Days the available units last at the window's velocity, to one decimal (rounded down, so a product is
 * never shown as covered longer than it is); null when nothing sold in the window (cover is unbounded).
 */
export function daysOfCover(p: StockPosition, windowDays: number): number | null {
  const velocity = velocityPerDay(p.unitsSold, windowDays);
  if (velocity === 0) return null;
  return Math.floor((availableUnits(p) / velocity) * 10) / 10;
}

/** High demand: it sold in the window and its cover (exact, not rounded) is below the threshold. */
export function isHighDemand(p: StockPosition, s: PurchasingSettings): boolean {
  if (p.unitsSold <= 0) return false;
  // available / (sold / window) < threshold  ⇔  available × window < threshold × sold (no division, as in SQL)
  return availableUnits(p) * s.velocityWindowDays < s.coverThresholdDays * p.unitsSold;
}

/**
 * Units to order so the cover reaches the target: ceil(velocity × target − available), at least 0; a
 * product that is not high demand gets 0.
 */
export function suggestedQuantity(p: StockPosition, s: PurchasingSettings): number {
  if (!isHighDemand(p, s)) return 0;
  // Whole-number arithmetic first (sold × target / window) so 0.1-style float errors cannot add a unit.
  const need = Math.ceil((p.unitsSold * s.targetCoverDays) / s.velocityWindowDays - availableUnits(p) - 1e-9);
  return Math.max(need, 0);
}

/** Units of a line still to receive. */
export function outstanding(line: { quantityOrdered: number; quantityReceived: number }): number {
  return Math.max(line.quantityOrdered - line.quantityReceived, 0);
}

export type PurchaseOrderStatus = 'draft' | 'issued' | 'partially_received' | 'received' | 'cancelled';

/** The status after a receipt: received when every line is complete, else partly received. */
export function statusAfterReceipt(lines: readonly { quantityOrdered: number; quantityReceived: number }[]): PurchaseOrderStatus {
  return lines.every((l) => l.quantityReceived >= l.quantityOrdered) ? 'received' : 'partially_received';
}
