import { describe, expect, it } from 'vitest';
import { matchRank, rankOptions, retailerOption } from './retailer-selector.ts';

const options = [
  { label: 'Sunrise Liquor & Deli', value: '20010' },
  { label: 'Corner Mart #1', value: '10001' },
  { label: 'Mart', value: '30003' },
  { label: 'Harbor Quick Stop', value: '10003' },
  { label: 'Supermart Plaza', value: '40004' },
];

describe('retailer selector ranking', () => {
  it('ranks exact, then prefix, then contains, case-insensitively', () => {
    expect(rankOptions(options, 'MART').map((o) => o.label)).toEqual(['Mart', 'Corner Mart #1', 'Supermart Plaza']);
  });

  it('matches the value as well as the label', () => {
    expect(rankOptions(options, '1000').map((o) => o.value)).toEqual(['10001', '10003']);
    expect(rankOptions(options, '10003').map((o) => o.value)).toEqual(['10003']);
    expect(rankOptions(options, '0010').map((o) => o.value)).toEqual(['20010']);
  });

  it('an exact value beats a label prefix', () => {
    const list = [
      { label: '10001 Outlet', value: '55555' },
      { label: 'Corner Mart #1', value: '10001' },
    ];
    expect(rankOptions(list, '10001').map((o) => o.value)).toEqual(['10001', '55555']);
  });

  it('keeps the list order within one rank and for an empty or blank query', () => {
    expect(rankOptions(options, 'o').map((o) => o.value)).toEqual(['20010', '10001', '10003']);
    expect(rankOptions(options, '  ')).toEqual(options);
    expect(rankOptions(options, '')).not.toBe(options);
  });

  it('no match gives an empty list and a null rank', () => {
    expect(rankOptions(options, 'zebra')).toEqual([]);
    expect(matchRank(options[0]!, 'zebra')).toBeNull();
    expect(matchRank(options[2]!, ' mart ')).toBe(0);
  });

  it('makes an option from a retailer record', () => {
    expect(retailerOption({ C_Number: '10001', C_CoName: 'Corner Mart #1' })).toEqual({
      label: '10001 - Corner Mart #1',
      value: '10001',
    });
    const [first] = rankOptions(
      [retailerOption({ C_Number: '10002', C_CoName: 'Sunrise' }), retailerOption({ C_Number: '10001', C_CoName: 'Corner' })],
      'corner',
    );
    expect(first?.value).toBe('10001');
  });
});
