// The delivery-status timeline of an order: placed, confirmed, picking, out for delivery,
// delivered — or cancelled, which ends the timeline where it happened. An order over the store's credit
// limit under policy hold starts on_hold (issue 18 §1, docs/credit-control.md): before placed, left only
// by the office's release (to placed) or a cancel.
export const ORDER_STATUSES = [
  'on_hold',
  'placed',
  'confirmed',
  'picking',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  on_hold: 'On Hold',
  placed: 'Order Placed',
  confirmed: 'Confirmed',
  picking: 'Picking',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const PROGRESS: OrderStatus[] = ['placed', 'confirmed', 'picking', 'out_for_delivery', 'delivered'];

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** Reached (done or current). */
  reached: boolean;
  current: boolean;
  /** When it was reached (the first time), or null. */
  at: string | null;
}

/**
 * Builds the timeline from the current status and the recorded history (status, time).
 * A step skipped in the history still counts as reached when a later step was reached.
 * Cancelled: the steps reached before cancellation, then the cancelled step; the rest are dropped.
 */
export function buildTimeline(current: OrderStatus, history: readonly { status: OrderStatus; at: string }[]): TimelineStep[] {
  const firstAt = new Map<OrderStatus, string>();
  for (const h of [...history].sort((a, b) => a.at.localeCompare(b.at))) if (!firstAt.has(h.status)) firstAt.set(h.status, h.at);

  if (current === 'cancelled') {
    const lastIdx = PROGRESS.reduce((acc, s, i) => (firstAt.has(s) ? i : acc), 0);
    const steps = PROGRESS.slice(0, lastIdx + 1).map((s) => ({
      status: s,
      label: ORDER_STATUS_LABELS[s],
      reached: true,
      current: false,
      at: firstAt.get(s) ?? null,
    }));
    steps.push({
      status: 'cancelled',
      label: ORDER_STATUS_LABELS.cancelled,
      reached: true,
      current: true,
      at: firstAt.get('cancelled') ?? null,
    });
    return steps;
  }
  if (current === 'on_hold') {
    return [
      { status: 'on_hold', label: ORDER_STATUS_LABELS.on_hold, reached: true, current: true, at: firstAt.get('on_hold') ?? null },
      ...PROGRESS.map((s) => ({ status: s, label: ORDER_STATUS_LABELS[s], reached: false, current: false, at: null })),
    ];
  }
  const idx = PROGRESS.indexOf(current);
  return PROGRESS.map((s, i) => ({
    status: s,
    label: ORDER_STATUS_LABELS[s],
    reached: i <= idx,
    current: i === idx,
    at: i <= idx ? (firstAt.get(s) ?? null) : null,
  }));
}

/** Statuses an order can be moved to by the office (placed is where every order starts). */
export const TARGET_STATUSES = ['confirmed', 'picking', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** Delivered and cancelled orders never move again. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled'];

/** Cancelling is possible until the order leaves the warehouse. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['on_hold', 'placed', 'confirmed', 'picking'];

/** The status in a sentence: "already out for delivery". */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  on_hold: 'on hold',
  placed: 'placed',
  confirmed: 'confirmed',
  picking: 'picking',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/**
 * Whether an order may move from one status to another: forward along placed → confirmed → picking →
 * out for delivery → delivered (steps may be skipped), cancelled only from on hold, placed, confirmed or picking;
 * delivered and cancelled are final; on hold moves on only by its release.
 */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return moveRefusal(from, to) === null;
}

/**
 * Why a move is refused, as the end of "2 refused: already delivered", or null when it is allowed.
 * Every refusal says where the order already is, so refusals of one bulk action group by reason.
 */
export function moveRefusal(from: OrderStatus, to: OrderStatus): string | null {
  if (FINAL_STATUSES.includes(from) || from === to) return `already ${ORDER_STATUS_WORDS[from]}`;
  if (to === 'cancelled') return CANCELLABLE_STATUSES.includes(from) ? null : `already ${ORDER_STATUS_WORDS[from]}`;
  // A held order moves on only by its release (POST /admin/orders/:orderId/release), which needs a reason.
  if (from === 'on_hold') return 'on hold for credit review';
  const a = PROGRESS.indexOf(from);
  const b = PROGRESS.indexOf(to);
  return b > a ? null : `already ${ORDER_STATUS_WORDS[from]}`;
}

/** "23 moved, 2 refused: already delivered"; several reasons are counted: "1 already delivered, 1 not found". */
export function bulkSummary(results: readonly { outcome: 'moved' | 'refused'; reason: string | null }[]): string {
  const moved = results.filter((r) => r.outcome === 'moved').length;
  const reasons = new Map<string, number>();
  for (const r of results)
    if (r.outcome === 'refused') reasons.set(r.reason ?? 'refused', (reasons.get(r.reason ?? 'refused') ?? 0) + 1);
  const refused = results.length - moved;
  if (refused === 0) return `${moved} moved`;
  const why = reasons.size === 1 ? [...reasons.keys()][0]! : [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ');
  return `${moved} moved, ${refused} refused: ${why}`;
}
