// The queue's URL ↔ filters conversions and the bulk confirmation's plan.
import { describe, expect, it } from 'vitest';
import { bulkPlan, filtersFromUrl, listQueryString, sameFilters, urlFromFilters, type UrlFilters } from './order-filters';

const blank: UrlFilters = {
  status: '',
  createdFrom: '',
  createdTo: '',
  deliveryFrom: '',
  deliveryTo: '',
  route: '',
  orderDay: '',
  salesRepId: '',
  placedBy: '',
  amountMin: '',
  amountMax: '',
  search: '',
  late: '',
};

describe('order filters', () => {
  it('reads and writes the late-orders filter', () => {
    expect(filtersFromUrl({ ...blank, late: 'true' })).toEqual({ late: true });
    expect(filtersFromUrl({ ...blank, late: 'maybe' })).toEqual({});
    expect(urlFromFilters({ late: false }).late).toBe('false');
    expect(listQueryString({ page: 1, limit: 25, sort: 'createdAt', dir: 'desc' }, { late: true })).toContain('late=true');
  });

  it('reads the URL: statuses in lifecycle order, dollars to cents, bad values left out, ranges put right', () => {
    expect(
      filtersFromUrl({
        ...blank,
        status: 'picking,placed,shipped',
        createdFrom: '2026-02-01',
        createdTo: '2026-01-01',
        deliveryFrom: 'tomorrow',
        route: ' 101 ',
        orderDay: '9',
        placedBy: 'robot',
        amountMin: '12.5',
        amountMax: 'abc',
        search: '  cola ',
      }),
    ).toEqual({
      status: ['placed', 'picking'],
      createdFrom: '2026-01-01',
      createdTo: '2026-02-01',
      route: '101',
      amountMinCents: 1250,
      search: 'cola',
    });
  });

  it('round-trips a saved view through the URL', () => {
    const f = { status: ['confirmed' as const], route: '101', orderDay: 3, amountMaxCents: 50_000, placedBy: 'sales' as const };
    expect(urlFromFilters(f)).toMatchObject({
      status: 'confirmed',
      route: '101',
      orderDay: '3',
      amountMax: '500',
      placedBy: 'sales',
    });
    expect(filtersFromUrl(urlFromFilters(f))).toEqual(f);
  });

  it('compares filters whatever the order of fields and statuses', () => {
    expect(sameFilters({ status: ['picking', 'placed'], route: '1' }, { route: '1', status: ['placed', 'picking'] })).toBe(true);
    expect(sameFilters({ route: '1' }, { route: '2' })).toBe(false);
    expect(sameFilters({}, {})).toBe(true);
  });

  it('builds the list query', () => {
    expect(
      listQueryString({ page: 2, limit: 25, sort: 'createdAt', dir: 'desc' }, { status: ['placed', 'confirmed'], route: '101' }),
    ).toBe('page=2&limit=25&sort=createdAt&dir=desc&status=placed%2Cconfirmed&route=101');
  });

  it('plans a bulk move: how many move and why the others are refused', () => {
    expect(bulkPlan(['placed', 'confirmed', 'delivered', 'delivered', 'cancelled'], 'out_for_delivery')).toEqual({
      moving: 2,
      refused: [
        { reason: 'already delivered', count: 2 },
        { reason: 'already cancelled', count: 1 },
      ],
    });
    expect(bulkPlan(['out_for_delivery'], 'cancelled')).toEqual({
      moving: 0,
      refused: [{ reason: 'already out for delivery', count: 1 }],
    });
  });
});
