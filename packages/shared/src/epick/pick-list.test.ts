// The pick list rules: grouping, line order by each sort key, load order, prices on or off, CSV rows.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EPICK_SETTINGS, pickListBody, settingsFromConfig, type EpickSettings } from './epick.schemas.ts';
import { buildPickList, compareText, pickListRows, sortForLoading, sortPickLines, type PickInputOrder } from './pick-list.ts';

const line = (
  productId: string,
  itemNumber: string,
  category: string | null,
  location: string | null,
  quantity: number,
  unit = 100,
) => ({
  productId,
  itemNumber,
  description: `Product ${itemNumber}`,
  upc: null,
  pack: 12,
  uom: 'CS',
  category,
  location,
  quantity,
  unitPriceCents: unit,
  lineTotalCents: unit * quantity,
});

const order = (n: string, route: string | null, stop: string | null, lines: PickInputOrder['lines']): PickInputOrder => ({
  orderId: `o-${n}`,
  orderNumber: n,
  status: 'confirmed',
  cNumber: `C${n}`,
  storeName: `Store ${n}`,
  route,
  stop,
  totalCents: lines.reduce((s, l) => s + l.lineTotalCents, 0),
  lines,
});

const ORDERS = [
  order('100001', '101', '2', [line('a', 'A-10', 'Snacks', 'B-2', 2), line('b', 'A-2', 'Beverages', 'A-10', 1)]),
  order('100002', '101', '10', [line('a', 'A-10', 'Snacks', 'B-2', 3, 120), line('c', 'C-1', null, null, 4)]),
  order('100003', '102', '1', [line('b', 'A-2', 'Beverages', 'A-10', 5)]),
  order('100004', null, null, [line('c', 'C-1', null, null, 1)]),
  order('100005', '101', null, [line('b', 'A-2', 'Beverages', 'A-10', 1)]),
];

const settings = (s: Partial<EpickSettings>): EpickSettings => ({ ...DEFAULT_EPICK_SETTINGS, ...s });

describe('compareText', () => {
  it('orders numbers inside text by value and puts blanks last', () => {
    expect(['10', '2', null, 'A-10', 'A-2', ''].sort(compareText)).toEqual(['2', '10', 'A-2', 'A-10', null, '']);
  });
});

describe('sortForLoading', () => {
  it('loads the last stop first in reverse stop order, stops read as numbers, no stop last', () => {
    expect(sortForLoading(ORDERS.slice(0, 2).concat(ORDERS[4]!), 'reverse_stop').map((o) => o.stop)).toEqual(['10', '2', null]);
    expect(sortForLoading(ORDERS.slice(0, 2).concat(ORDERS[4]!), 'stop').map((o) => o.stop)).toEqual(['2', '10', null]);
  });
});

describe('sortPickLines', () => {
  const lines = [
    line('a', 'A-10', 'Snacks', 'B-2', 1),
    line('b', 'A-2', 'Beverages', 'A-10', 1),
    line('c', 'C-1', null, null, 1),
  ];
  it('sorts by category, location or item number, blanks last', () => {
    expect(sortPickLines(lines, 'category').map((l) => l.itemNumber)).toEqual(['A-2', 'A-10', 'C-1']);
    expect(sortPickLines(lines, 'location').map((l) => l.itemNumber)).toEqual(['A-2', 'A-10', 'C-1']);
    expect(sortPickLines(lines.slice().reverse(), 'itemNumber').map((l) => l.itemNumber)).toEqual(['A-2', 'A-10', 'C-1']);
    const byLoc = [line('x', 'X', null, 'Z-1', 1), line('y', 'Y', null, 'A-9', 1)];
    expect(sortPickLines(byLoc, 'location').map((l) => l.itemNumber)).toEqual(['Y', 'X']);
  });
});

describe('buildPickList', () => {
  it('groups by route: one section per route (no route last), quantities summed, orders in load order', () => {
    const list = buildPickList(ORDERS, settings({ groupBy: 'route', sortBy: 'itemNumber' }), '2026-12-01');
    expect(list.sections.map((s) => s.title)).toEqual(['Route 101', 'Route 102', 'No route']);
    const r101 = list.sections[0]!;
    expect(r101.orders.map((o) => [o.orderNumber, o.loadPosition])).toEqual([
      ['100002', 1],
      ['100001', 2],
      ['100005', 3],
    ]);
    expect(r101.lines.map((l) => [l.itemNumber, l.quantity])).toEqual([
      ['A-2', 2],
      ['A-10', 5],
      ['C-1', 4],
    ]);
    expect(r101.lines.every((l) => l.unitPriceCents === null && l.lineTotalCents === null)).toBe(true);
    expect(r101.orders[0]!.totalCents).toBeNull();
    expect(list).toMatchObject({ orderCount: 5, lineCount: 5, totalQuantity: 17, deliveryDate: '2026-12-01' });
  });

  it('groups by order: routes in order, each route in load order, lines sorted', () => {
    const list = buildPickList(ORDERS, settings({ groupBy: 'order', sortBy: 'location', loadOrder: 'stop' }), null);
    expect(list.sections.map((s) => s.orders[0]!.orderNumber)).toEqual(['100001', '100002', '100005', '100003', '100004']);
    expect(list.sections[0]!.title).toBe('Order 100001 · Store 100001 (C100001)');
    expect(list.sections[0]!.lines.map((l) => l.location)).toEqual(['A-10', 'B-2']);
  });

  it('prints prices when set: a consolidated line shows its unit price only when every store pays the same', () => {
    const list = buildPickList(ORDERS, settings({ printPrices: true, sortBy: 'itemNumber' }), null);
    const [a2, a10] = list.sections[0]!.lines;
    expect([a2!.unitPriceCents, a2!.lineTotalCents]).toEqual([100, 200]);
    expect([a10!.unitPriceCents, a10!.lineTotalCents]).toEqual([null, 200 + 360]);
    expect(list.sections[0]!.orders[0]!.totalCents).toBe(760);
  });

  it('leaves out lines picked to zero', () => {
    const list = buildPickList(
      [order('1', '1', '1', [line('a', 'A', null, null, 0), line('b', 'B', null, null, 2)])],
      DEFAULT_EPICK_SETTINGS,
      null,
    );
    expect(list.sections[0]!.lines.map((l) => l.itemNumber)).toEqual(['B']);
  });
});

describe('pickListRows', () => {
  it('by route: load rows, then lines; prices only when set', () => {
    const rows = pickListRows(buildPickList(ORDERS.slice(0, 2), settings({ sortBy: 'itemNumber' }), null));
    expect(rows[0]).toHaveLength(15);
    expect(rows.slice(1, 3).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['1', '10', '100002'],
      ['2', '2', '100001'],
    ]);
    expect(rows.slice(3).map((r) => [r[9], r[14]])).toEqual([
      ['A-2', '1'],
      ['A-10', '5'],
      ['C-1', '4'],
    ]);
    const priced = pickListRows(buildPickList(ORDERS.slice(2, 3), settings({ groupBy: 'order', printPrices: true }), null));
    expect(priced[0]!.slice(-2)).toEqual(['Unit price', 'Line total']);
    expect(priced[1]).toEqual([
      'Order 100003 · Store 100003 (C100003)',
      '102',
      '1',
      '1',
      '100003',
      'Store 100003',
      'C100003',
      'A-10',
      'Beverages',
      'A-2',
      'Product A-2',
      '',
      '12',
      'CS',
      '5',
      '1.00',
      '5.00',
    ]);
  });
});

describe('settings and request', () => {
  it('reads a stored config leniently', () => {
    expect(settingsFromConfig({ groupBy: 'order', sortBy: 'bogus', printPrices: true })).toEqual({
      groupBy: 'order',
      sortBy: 'location',
      loadOrder: 'reverse_stop',
      printPrices: true,
    });
    expect(settingsFromConfig(null)).toEqual(DEFAULT_EPICK_SETTINGS);
  });
  it('wants exactly one of a delivery day and orders', () => {
    expect(pickListBody.safeParse({}).success).toBe(false);
    expect(pickListBody.safeParse({ deliveryDate: '2026-02-30' }).success).toBe(false);
    expect(pickListBody.safeParse({ deliveryDate: '2026-02-28', orderIds: ['x'] }).success).toBe(false);
    expect(pickListBody.safeParse({ deliveryDate: '2026-02-28' }).success).toBe(true);
    expect(pickListBody.parse({ orderIds: ['x', 'x'] }).orderIds).toEqual(['x']);
  });
});
