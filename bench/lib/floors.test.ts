import { describe, expect, it } from 'vitest';
import { judgeFloors, judgeOfficeTargets, type FloorInput, type RouteResult } from './floors.ts';

const route = (over: Partial<RouteResult> = {}): RouteResult => ({
  requestsPerSecond: 3000,
  ok: 30000,
  p99Ms: 20,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  baselineBeside: { requestsPerSecond: 9000 },
  ...over,
});
const input = (over: Partial<FloorInput> = {}): FloorInput => ({
  health: { requestsPerSecond: 10000 },
  getInventory: route(),
  cartItems: route(),
  placeOrder: route({ requestsPerSecond: 450 }),
  edits: 200,
  orders: { ok: true, lost: 0, duplicated: 0 },
  eventLoopBlockMs: 12,
  eventLoopUnknownRoutes: 0,
  ...over,
});
const byName = (floors: ReturnType<typeof judgeFloors>) => Object.fromEntries(floors.map((f) => [f.name, f]));

describe('judgeFloors', () => {
  it('passes a run that holds every floor', () => {
    const floors = judgeFloors(input());
    expect(floors.map((f) => [f.name, f.met])).toEqual([
      ['search p99 < 50 ms with the edits running', true],
      ['search ≥ 25% of the bare route with the edits running', true],
      ['20-line cart/items p99 < 50 ms', true],
      ['20-line cart/items ≥ 25% of the bare route', true],
      ['placeOrder ≥ 4% of the bare route', true],
      ['placeOrder: 0 lost, 0 duplicated, none refused', true],
      ['longest event-loop block < 50 ms', true],
    ]);
    expect(floors[1]!.actual).toBe(0.333);
  });

  it('fails a latency floor when nothing was answered, instead of reading a p99 of 0', () => {
    const f = byName(judgeFloors(input({ getInventory: route({ ok: 0, p99Ms: 0, requestsPerSecond: 0 }) })));
    expect(f['search p99 < 50 ms with the edits running']).toMatchObject({
      met: false,
      actual: null,
      note: 'no answer within the measured seconds',
    });
  });

  it('gives no ratio when the bare route beside the route was stalled too', () => {
    const f = byName(
      judgeFloors(input({ placeOrder: route({ requestsPerSecond: 45, baselineBeside: { requestsPerSecond: 139 } }) })),
    );
    expect(f['placeOrder ≥ 4% of the bare route']).toMatchObject({
      met: false,
      note: 'the bare route beside it was stalled too (139/s against 10000/s alone): no ratio',
    });
  });

  it('holds the search floors only with the office editing', () => {
    const f = byName(judgeFloors(input({ edits: 0 })));
    expect(f['search ≥ 25% of the bare route with the edits running']!.met).toBe(false);
    expect(f['20-line cart/items ≥ 25% of the bare route']!.met).toBe(true);
  });

  it('fails the event-loop floor on a long block, or when a route left it unknown', () => {
    expect(byName(judgeFloors(input({ eventLoopBlockMs: 3330 })))['longest event-loop block < 50 ms']!.met).toBe(false);
    expect(byName(judgeFloors(input({ eventLoopUnknownRoutes: 1 })))['longest event-loop block < 50 ms']!.met).toBe(false);
  });

  it('counts lost, duplicated and refused orders', () => {
    const f = byName(judgeFloors(input({ placeOrder: route({ non2xx: 2 }), orders: { ok: false, lost: 1, duplicated: 0 } })));
    expect(f['placeOrder: 0 lost, 0 duplicated, none refused']).toMatchObject({ met: false, actual: 3 });
  });
});

describe('judgeOfficeTargets', () => {
  const c = (name: string, p99Ms: number, failed = 0) => ({ name, samples: 100, p99Ms, failed });
  it('reports under 300 ms and the ageing list under 200 ms, failures and the event loop counted', () => {
    const targets = judgeOfficeTargets({
      cases: [
        c('dashboard 90 days', 299.9),
        c('report by product 90 days', 300),
        c('ageing list', 150),
        c('report by day 90 days', 5, 1),
      ],
      eventLoopBlockMs: 49,
    });
    expect(targets.map((t) => [t.name, t.met, t.actual, t.note])).toEqual([
      ['dashboard 90 days p99 < 300 ms', true, 299.9, undefined],
      ['report by product 90 days p99 < 300 ms', false, 300, undefined],
      ['ageing list p99 < 200 ms', true, 150, undefined],
      ['report by day 90 days p99 < 300 ms', false, 5, '1 request(s) failed'],
      ['longest event-loop block meanwhile < 50 ms', true, 49, undefined],
    ]);
    expect(judgeOfficeTargets({ cases: [c('ageing list', 200)], eventLoopBlockMs: null }).map((t) => t.met)).toEqual([
      false,
      false,
    ]);
  });
});
