import { describe, expect, it } from 'vitest';
import { DEFAULT_SORTS, firstDirection, nextSorting, resolveSorting } from './sort.ts';

describe('list sorting rules', () => {
  it('no key: the list default; a key alone: its first direction', () => {
    expect(resolveSorting(DEFAULT_SORTS.orderHistory, undefined, undefined)).toEqual({ sort: 'date', dir: 'desc' });
    expect(resolveSorting(DEFAULT_SORTS.orderHistory, undefined, 'asc')).toEqual({ sort: 'date', dir: 'asc' });
    expect(resolveSorting<string>(DEFAULT_SORTS.orderHistory, 'orderNumber', undefined)).toEqual({
      sort: 'orderNumber',
      dir: 'asc',
    });
    expect(resolveSorting<string>(DEFAULT_SORTS.orderHistory, 'total', undefined)).toEqual({ sort: 'total', dir: 'desc' });
  });

  it('dates, amounts and counts start descending; names ascending', () => {
    expect(['date', 'total', 'amount', 'balance', 'orderCount'].map(firstDirection)).toEqual([
      'desc',
      'desc',
      'desc',
      'desc',
      'desc',
    ]);
    expect(['name', 'orderNumber', 'reference', 'kind'].map(firstDirection)).toEqual(['asc', 'asc', 'asc', 'asc']);
  });

  it('a click flips the current column and starts another in its first direction', () => {
    expect(nextSorting({ sort: 'date', dir: 'desc' }, 'date')).toEqual({ sort: 'date', dir: 'asc' });
    expect(nextSorting({ sort: 'date', dir: 'asc' }, 'date')).toEqual({ sort: 'date', dir: 'desc' });
    expect(nextSorting<string>({ sort: 'date', dir: 'asc' }, 'orderNumber')).toEqual({ sort: 'orderNumber', dir: 'asc' });
  });
});
