// The retailer list's query: every filter in the API's names, balances in cents, and a bad range or
// amount from a stale link left out instead of making the server answer 400.
import { describe, expect, it } from 'vitest';
import { activeFilterCount, balanceCents, balanceRangeError, FILTER_DEFAULTS, retailerListParams } from './retailer-list-view';

const base = { page: 1, limit: 25, sort: 'name' as const, dir: 'asc' as const, search: '', filters: { ...FILTER_DEFAULTS } };

describe('retailer list query', () => {
  it('sends only the defaults when nothing is chosen', () => {
    expect(retailerListParams(base)).toBe('page=1&limit=25&sort=name&dir=asc&status=all');
  });

  it('sends every filter in the API names, balances in cents', () => {
    const params = retailerListParams({
      ...base,
      page: 2,
      sort: 'balance',
      dir: 'desc',
      search: 'corner',
      filters: {
        route: '101',
        orderDay: '3',
        salesRep: 'rep-1',
        priceClass: '2',
        status: 'active',
        balanceMin: '-25',
        balanceMax: '1,250.50',
        openOrders: 'true',
      },
    });
    expect(params).toBe(
      'page=2&limit=25&sort=balance&dir=desc&search=corner&route=101&orderDay=3&salesRepId=rep-1&priceClass=2&status=active' +
        '&balanceMinCents=-2500&balanceMaxCents=125050&hasOpenOrders=true',
    );
  });

  it('leaves out a range whose minimum is above its maximum, and an amount that is not one', () => {
    const filters = { ...FILTER_DEFAULTS, balanceMin: '500', balanceMax: '100' };
    expect(retailerListParams({ ...base, filters })).toBe('page=1&limit=25&sort=name&dir=asc&status=all');
    expect(retailerListParams({ ...base, filters: { ...FILTER_DEFAULTS, balanceMin: 'lots' } })).toBe(
      'page=1&limit=25&sort=name&dir=asc&status=all',
    );
  });

  it('reads dollars as typed and explains a bad range', () => {
    expect(balanceCents('$1,000')).toBe(100_000);
    expect(balanceCents('0.5')).toBe(50);
    expect(balanceCents('1.234')).toBeNull();
    expect(balanceCents('')).toBeNull();
    expect(balanceCents('2000000')).toBeNull();
    expect(balanceRangeError('10', '5')).toBe('The minimum balance is above the maximum');
    expect(balanceRangeError('ten', '')).toBe('Enter an amount in dollars');
    expect(balanceRangeError('5', '5')).toBeNull();
  });

  it('counts the filters that differ from their default', () => {
    expect(activeFilterCount({ ...FILTER_DEFAULTS })).toBe(0);
    expect(activeFilterCount({ ...FILTER_DEFAULTS, route: '101', status: 'inactive' })).toBe(2);
  });
});
