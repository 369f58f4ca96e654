import { describe, expect, it } from 'vitest';
import { ageBalance, bucketOf, daysPastDue, openCentsOf, pastDueCents } from './ageing.ts';

describe('ageing rules', () => {
  it('buckets by whole days past due', () => {
    expect(daysPastDue('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysPastDue('2026-03-01', '2026-02-20')).toBe(-9);
    expect(daysPastDue('2026-02-27', '2026-03-01')).toBe(2);
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      'current',
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'days90plus',
      'days90plus',
    ]);
  });

  it('payments settle the oldest debit first', () => {
    // debits 100 (through 100), 50 (through 150), 30 (through 180); balance 60 → settled through 120
    expect(openCentsOf(100, 100, 120)).toBe(0);
    expect(openCentsOf(50, 150, 120)).toBe(30);
    expect(openCentsOf(30, 180, 120)).toBe(30);
  });

  it('splits a balance over buckets, with carried over and a balance in credit', () => {
    const debits = [
      { amountCents: 10_000, debitThroughCents: 10_000, dueOn: '2026-01-01' },
      { amountCents: 5_000, debitThroughCents: 15_000, dueOn: '2026-02-20' },
      { amountCents: 3_000, debitThroughCents: 18_000, dueOn: '2026-04-01' },
    ];
    const a = ageBalance(12_000, 18_000, debits, '2026-03-01');
    expect(a).toEqual({
      current: 3_000,
      days1to30: 5_000,
      days31to60: 4_000,
      days61to90: 0,
      days90plus: 0,
      carriedOver: 0,
      total: 12_000,
    });
    expect(pastDueCents(a)).toBe(9_000);
    expect(ageBalance(20_000, 18_000, debits, '2026-03-01')).toMatchObject({ carriedOver: 2_000, days31to60: 10_000 });
    expect(ageBalance(-500, 18_000, debits, '2026-03-01')).toMatchObject({ current: -500, total: -500, days31to60: 0 });
  });
});
