// periodParts: which month rows and day rows a period of local days reads, and that together they
// always cover exactly the period's days.
import { describe, expect, it } from 'vitest';
import { addDays } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { periodParts, type DaySpan } from './sales-period.ts';

/** Each day's weight in the parts: +1 per month row or added span holding it, −1 per taken-away span. */
function coverage(from: string, to: string): Map<string, number> {
  const parts = periodParts({ from, to });
  const weight = new Map<string, number>();
  const add = (s: DaySpan, w: number) => {
    for (let d = s.from; d <= s.to; d = addDays(d, 1)) weight.set(d, (weight.get(d) ?? 0) + w);
  };
  for (const m of parts.months) {
    const first = `${m}-01`;
    for (let d = first; d.startsWith(m); d = addDays(d, 1)) weight.set(d, (weight.get(d) ?? 0) + 1);
  }
  for (const s of parts.plusDays) add(s, 1);
  for (const s of parts.minusDays) add(s, -1);
  return weight;
}

describe('periodParts', () => {
  it('a 90-day period ending today: the whole months, this month less its days to come, the first two days', () => {
    expect(periodParts({ from: '2026-08-30', to: '2026-11-27' })).toEqual({
      months: ['2026-09', '2026-10', '2026-11'],
      plusDays: [{ from: '2026-08-30', to: '2026-08-31' }],
      minusDays: [{ from: '2026-11-28', to: '2026-11-30' }],
    });
  });

  it('whole months only', () => {
    expect(periodParts({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      months: ['2026-01', '2026-02', '2026-03'],
      plusDays: [],
      minusDays: [],
    });
  });

  it('a few days inside one month are read as days', () => {
    expect(periodParts({ from: '2026-11-10', to: '2026-11-16' })).toEqual({
      months: [],
      plusDays: [{ from: '2026-11-10', to: '2026-11-16' }],
      minusDays: [],
    });
  });

  it('most of one month: the month less the days before and after', () => {
    expect(periodParts({ from: '2026-11-02', to: '2026-11-29' })).toEqual({
      months: ['2026-11'],
      plusDays: [],
      minusDays: [
        { from: '2026-11-01', to: '2026-11-01' },
        { from: '2026-11-30', to: '2026-11-30' },
      ],
    });
  });

  it('leap February, year ends, and an empty period', () => {
    expect(periodParts({ from: '2028-02-01', to: '2028-02-29' }).months).toEqual(['2028-02']);
    expect(periodParts({ from: '2026-12-31', to: '2027-01-01' }).plusDays).toEqual([
      { from: '2026-12-31', to: '2026-12-31' },
      { from: '2027-01-01', to: '2027-01-01' },
    ]);
    expect(periodParts({ from: '2026-05-02', to: '2026-05-01' })).toEqual({ months: [], plusDays: [], minusDays: [] });
  });

  it('covers every day of the period once and no day outside it, for periods of every length and start', () => {
    for (let start = '2027-12-20'; start <= '2028-03-10'; start = addDays(start, 3)) {
      for (const length of [1, 2, 14, 15, 16, 28, 30, 31, 45, 60, 89, 90, 91, 180, 366]) {
        const to = addDays(start, length - 1);
        const weight = coverage(start, to);
        for (const [day, w] of weight) expect(w, `${start}–${to}: ${day}`).toBe(day >= start && day <= to ? 1 : 0);
        for (let d = start; d <= to; d = addDays(d, 1)) expect(weight.get(d), `${start}–${to}: ${d}`).toBe(1);
      }
    }
  });
});
