import { describe, expect, it } from 'vitest';
import type { SalesCustomer } from './customer-session';
import { sortCustomers } from './retailer-sort';
import { CUSTOMERS } from './sales-test-fixtures';

const list = CUSTOMERS as unknown as SalesCustomer[];
const numbers = (l: SalesCustomer[]) => l.map((c) => c.C_Number);
const WEDNESDAY = new Date(2026, 2, 4); // ISO weekday 3

describe('sorting the rep’s retailers', () => {
  it('by company name, A to Z and back', () => {
    expect(numbers(sortCustomers(list, { sort: 'name', dir: 'asc' }))).toEqual(['10001', '1000', '55555', '30003', '10002']);
    expect(numbers(sortCustomers(list, { sort: 'name', dir: 'desc' }))).toEqual(['10002', '30003', '55555', '1000', '10001']);
  });

  it('by number, numerically', () => {
    expect(numbers(sortCustomers(list, { sort: 'number', dir: 'asc' }))).toEqual(['1000', '10001', '10002', '30003', '55555']);
  });

  it('by balance, ties by number', () => {
    expect(numbers(sortCustomers(list, { sort: 'balance', dir: 'desc' }))).toEqual(['10001', '10002', '1000', '30003', '55555']);
  });

  it('by days to the order day, soonest first; no order day last either way', () => {
    const withNone = [...list, { ...list[0]!, id: 'x', C_Number: '99999', C_OrderDay: 0 }] as SalesCustomer[];
    // Wednesday (3) is today for all but 10001 (Friday, in 2 days).
    expect(numbers(sortCustomers(withNone, { sort: 'orderDay', dir: 'asc' }, WEDNESDAY))).toEqual([
      '1000',
      '10002',
      '30003',
      '55555',
      '10001',
      '99999',
    ]);
    expect(numbers(sortCustomers(withNone, { sort: 'orderDay', dir: 'desc' }, WEDNESDAY)).slice(0, 1)).toEqual(['10001']);
    expect(numbers(sortCustomers(withNone, { sort: 'orderDay', dir: 'desc' }, WEDNESDAY)).at(-1)).toBe('99999');
  });
});
