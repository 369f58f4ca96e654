// Pure pieces of the benchmark, tested in plan.test.ts: which searching buyers hold a cart and how
// many lines, what each of the office writer's edits changes, and the event loop's block in a gap.
import { createRng } from '../../apps/api/src/db/seed/prng.ts';

/**
 * The number of cart lines of each of `count` searching buyers: `share` of them (rounded) hold
 * between `min` and `max` lines, spread over the list (not the first ones), the rest none.
 */
export function buyerCartSizes(count: number, share = 0.6, min = 5, max = 30, seed = 'api-bench-carts'): number[] {
  const rng = createRng(seed);
  const withCart = Math.round(count * share);
  const holders = new Set(rng.shuffle(Array.from({ length: count }, (_, i) => i)).slice(0, withCart));
  return Array.from({ length: count }, (_, i) => (holders.has(i) ? rng.int(min, max) : 0));
}

export type EditKind = 'price' | 'flag' | 'promotion';

/** The kinds of edit the writer makes in turn; promotions only when an admin API for them exists. */
export function editKinds(withPromotions: boolean): EditKind[] {
  return withPromotions ? ['price', 'flag', 'promotion'] : ['price', 'flag'];
}

export interface Prices {
  price1Cents: number;
  price2Cents: number;
  price3Cents: number;
  price4Cents: number;
  price5Cents: number;
}

/**
 * The `n`th price change: every level up or down by 1–5% (alternating, so prices wander around
 * where they started instead of drifting away over a long run), never below one cent.
 */
export function changedPrices(p: Prices, n: number): Prices {
  const percent = 1 + (n % 5);
  const factor = n % 2 === 0 ? 1 + percent / 100 : 1 - percent / 100;
  const move = (cents: number) => Math.max(1, Math.round(cents * factor));
  return {
    price1Cents: move(p.price1Cents),
    price2Cents: move(p.price2Cents),
    price3Cents: move(p.price3Cents),
    price4Cents: move(p.price4Cents),
    price5Cents: move(p.price5Cents),
  };
}

/**
 * Flags the writer toggles: ones a buyer sees (the new-item mark, the low-stock label) but that never
 * make a cart line unorderable, so no order of the run is refused because of an edit.
 */
export const TOGGLED_FLAGS = ['isNewItem', 'showLowStock'] as const;
export type ToggledFlag = (typeof TOGGLED_FLAGS)[number];

/** The flag the `n`th flag edit toggles. */
export const flagOf = (n: number): ToggledFlag => TOGGLED_FLAGS[n % TOGGLED_FLAGS.length]!;

/** When the `i`th of evenly spaced actions is due, `perSecond` of them a second from `start` (ms). */
export const dueAt = (start: number, i: number, perSecond: number) => start + (i * 1000) / perSecond;

/**
 * The event loop's own block in a gap of `gapMs` between two timer turns meant to be `tickMs` apart,
 * of which the thread spent `waitedMs` ready but waiting for a CPU (held by other processes).
 */
export const blockOf = (gapMs: number, tickMs: number, waitedMs: number) => Math.max(0, gapMs - tickMs - waitedMs);
