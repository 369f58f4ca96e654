// Issue 14 §2's floors and issue 18 §7's targets for the office's reads, judged from a run's figures
// (the `routes` and `dashboard` of bench/results/api*.json), so a saved result can be judged again.
// Tested in floors.test.ts.

export const FLOORS = {
  searchRatio: 0.25,
  searchP99Ms: 50,
  cartRatio: 0.25,
  cartP99Ms: 50,
  orderRatio: 0.04,
  eventLoopMaxMs: 50,
};

/**
 * A ratio to the bare route beside it says nothing when that bare route was itself stalled (a server
 * frozen by a rebuild answers neither): it must have run at least this share of its rate alone.
 */
export const BARE_BESIDE_MIN_SHARE = 0.25;

export interface RouteResult {
  requestsPerSecond: number;
  ok: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  baselineBeside: { requestsPerSecond: number };
}

export interface FloorInput {
  health: { requestsPerSecond: number };
  getInventory?: RouteResult;
  cartItems?: RouteResult;
  placeOrder?: RouteResult;
  /** Office edits made during the run. */
  edits: number;
  orders: { ok: boolean; lost: number; duplicated: number } | null;
  /** The servers' longest own block over the measured routes; null when no figure came back. */
  eventLoopBlockMs: number | null;
  /** Measured routes whose event-loop figure did not come back (the server did not answer the probe). */
  eventLoopUnknownRoutes: number;
}

export interface Floor {
  name: string;
  target: number;
  actual: number | null;
  met: boolean;
  /** Why a floor is not met beyond its figure. */
  note?: string;
}

const ratio = (r: RouteResult) =>
  r.baselineBeside.requestsPerSecond > 0
    ? Math.round((r.requestsPerSecond / r.baselineBeside.requestsPerSecond) * 1000) / 1000
    : 0;

export function judgeFloors(x: FloorInput): Floor[] {
  const out: Floor[] = [];
  const p99 = (name: string, r: RouteResult, target: number, needsEdits: boolean) => {
    const note =
      r.ok === 0
        ? 'no answer within the measured seconds'
        : needsEdits && x.edits === 0
          ? 'no office edit was made during the run'
          : undefined;
    out.push({ name, target, actual: r.ok === 0 ? null : r.p99Ms, met: !note && r.p99Ms < target, ...(note ? { note } : {}) });
  };
  const share = (name: string, r: RouteResult, target: number, needsEdits: boolean) => {
    const bare = r.baselineBeside.requestsPerSecond;
    const note =
      bare < BARE_BESIDE_MIN_SHARE * x.health.requestsPerSecond
        ? `the bare route beside it was stalled too (${bare}/s against ${x.health.requestsPerSecond}/s alone): no ratio`
        : needsEdits && x.edits === 0
          ? 'no office edit was made during the run'
          : undefined;
    out.push({ name, target, actual: ratio(r), met: !note && ratio(r) >= target, ...(note ? { note } : {}) });
  };
  if (x.getInventory) {
    p99(`search p99 < ${FLOORS.searchP99Ms} ms with the edits running`, x.getInventory, FLOORS.searchP99Ms, true);
    share(
      `search ≥ ${FLOORS.searchRatio * 100}% of the bare route with the edits running`,
      x.getInventory,
      FLOORS.searchRatio,
      true,
    );
  }
  if (x.cartItems) {
    p99(`20-line cart/items p99 < ${FLOORS.cartP99Ms} ms`, x.cartItems, FLOORS.cartP99Ms, false);
    share(`20-line cart/items ≥ ${FLOORS.cartRatio * 100}% of the bare route`, x.cartItems, FLOORS.cartRatio, false);
  }
  if (x.placeOrder && x.orders) {
    const o = x.placeOrder;
    const failed = o.non2xx + o.errors + o.timeouts;
    share(`placeOrder ≥ ${FLOORS.orderRatio * 100}% of the bare route`, o, FLOORS.orderRatio, false);
    out.push({
      name: 'placeOrder: 0 lost, 0 duplicated, none refused',
      target: 0,
      actual: x.orders.lost + x.orders.duplicated + failed,
      met: x.orders.ok && failed === 0,
    });
  }
  if (x.getInventory || x.cartItems || x.placeOrder) {
    const note =
      x.eventLoopUnknownRoutes > 0
        ? `the server did not answer the event-loop probe after ${x.eventLoopUnknownRoutes} route(s): its block there is unknown`
        : undefined;
    out.push({
      name: `longest event-loop block < ${FLOORS.eventLoopMaxMs} ms`,
      target: FLOORS.eventLoopMaxMs,
      actual: x.eventLoopBlockMs,
      met: !note && x.eventLoopBlockMs !== null && x.eventLoopBlockMs < FLOORS.eventLoopMaxMs,
      ...(note ? { note } : {}),
    });
  }
  return out;
}

/** Issue 18 §7: one request at a time, on SQLite and PostgreSQL alike. */
export const OFFICE_TARGETS = { reportP99Ms: 300, ageingP99Ms: 200, eventLoopMaxMs: 50 };

export interface OfficeCase {
  name: string;
  samples: number;
  p99Ms: number;
  failed: number;
}

/** The dashboard's and reports' p99 under 300 ms, the ageing list's under 200, the event loop's block meanwhile. */
export function judgeOfficeTargets(x: { cases: OfficeCase[]; eventLoopBlockMs: number | null }): Floor[] {
  const out: Floor[] = x.cases.map((c) => {
    const target = c.name.startsWith('ageing') ? OFFICE_TARGETS.ageingP99Ms : OFFICE_TARGETS.reportP99Ms;
    const note = c.samples === 0 ? 'no sample' : c.failed > 0 ? `${c.failed} request(s) failed` : undefined;
    return {
      name: `${c.name} p99 < ${target} ms`,
      target,
      actual: c.samples === 0 ? null : c.p99Ms,
      met: !note && c.p99Ms < target,
      ...(note ? { note } : {}),
    };
  });
  out.push({
    name: `longest event-loop block meanwhile < ${OFFICE_TARGETS.eventLoopMaxMs} ms`,
    target: OFFICE_TARGETS.eventLoopMaxMs,
    actual: x.eventLoopBlockMs,
    met: x.eventLoopBlockMs !== null && x.eventLoopBlockMs < OFFICE_TARGETS.eventLoopMaxMs,
    ...(x.eventLoopBlockMs === null ? { note: 'the server did not answer the event-loop probe' } : {}),
  });
  return out;
}
