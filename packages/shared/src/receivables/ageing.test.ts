import { describe, expect, it } from 'vitest';
import {
  type AgeingBucket,
  ageBalance,
  ageSummedBalance,
  bucketOf,
  bucketStarts,
  daysPastDue,
  noOpenDebits,
  openCentsOf,
  pastDueCents,
} from './ageing.ts';

/** The bucket a due date falls in by `bucketStarts`, compared as the SQL does (text, YYYY-MM-DD). */
function bucketByStarts(dueOn: string | null, today: string): AgeingBucket {
  const s = bucketStarts(today);
  if (dueOn === null || dueOn >= s.current) return 'current';
  if (dueOn >= s.days1to30) return 'days1to30';
  if (dueOn >= s.days31to60) return 'days31to60';
  if (dueOn >= s.days61to90) return 'days61to90';
  return 'days90plus';
}

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

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

  it('bucket starts put every due date in the bucket its days past due give', () => {
    for (const today of ['2026-03-01', '2024-03-01', '2026-01-01', '2026-12-31', '2026-07-15']) {
      for (let d = -10; d <= 400; d += 1) {
        const dueOn = shift(today, -d);
        expect(bucketByStarts(dueOn, today), `${dueOn} as of ${today}`).toBe(bucketOf(daysPastDue(dueOn, today)));
      }
      expect(bucketByStarts(null, today)).toBe('current');
    }
  });

  it('ageing from per-bucket sums equals ageing from the open debits', () => {
    const debits = [
      { amountCents: 10_000, debitThroughCents: 10_000, dueOn: '2025-10-01' },
      { amountCents: 7_000, debitThroughCents: 17_000, dueOn: '2026-01-01' },
      { amountCents: 5_000, debitThroughCents: 22_000, dueOn: '2026-02-20' },
      { amountCents: 4_000, debitThroughCents: 26_000, dueOn: null },
      { amountCents: 3_000, debitThroughCents: 29_000, dueOn: '2026-04-01' },
    ];
    const today = '2026-03-01';
    for (const balance of [-500, 0, 1, 2_500, 12_000, 29_000, 35_000]) {
      const settled = 29_000 - balance;
      const sums = noOpenDebits();
      for (const d of debits) sums[bucketByStarts(d.dueOn, today)] += openCentsOf(d.amountCents, d.debitThroughCents, settled);
      expect(ageSummedBalance(balance, 29_000, sums), `balance ${balance}`).toEqual(ageBalance(balance, 29_000, debits, today));
    }
  });
});
