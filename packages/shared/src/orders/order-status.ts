// The delivery-status timeline of an order: placed, confirmed, picking, out for delivery,
// delivered — or cancelled, which ends the timeline where it happened.
export const ORDER_STATUSES = ['placed', 'confirmed', 'picking', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
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
  const idx = PROGRESS.indexOf(current);
  return PROGRESS.map((s, i) => ({
    status: s,
    label: ORDER_STATUS_LABELS[s],
    reached: i <= idx,
    current: i === idx,
    at: i <= idx ? (firstAt.get(s) ?? null) : null,
  }));
}
