// How a period of local days is read from the sales roll-ups (docs/admin-dashboard.md, "Month
// roll-ups"): whole months from the month rows, the days at the ends from the day rows. A month the
// period covers mostly is read as its month row less the days outside the period (for a period ending
// today, the rest of this month has no rows yet), so a 90-day period reads about three months' rows
// instead of ninety days'.
import { addDays } from '@portal/shared/dashboard/distributor-dashboard.schemas';

/** First and last local day, inclusive (YYYY-MM-DD). */
export interface DaySpan {
  from: string;
  to: string;
}

export interface PeriodParts {
  /** months (YYYY-MM) whose month rows are added */
  months: string[];
  /** day spans whose day rows are added */
  plusDays: DaySpan[];
  /** day spans whose day rows are taken away (days of an added month outside the period) */
  minusDays: DaySpan[];
}

const monthOf = (day: string) => day.slice(0, 7);
const firstOf = (month: string) => `${month}-01`;
/** The last day of the month of `day`. */
function lastOf(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
const daysIn = (s: DaySpan) => Math.round((Date.parse(s.to) - Date.parse(s.from)) / 86_400_000) + 1;

/** Splits `from`–`to` into month rows to add and day rows to add or take away, the fewest days read. */
export function periodParts(period: DaySpan): PeriodParts {
  const parts: PeriodParts = { months: [], plusDays: [], minusDays: [] };
  if (period.from > period.to) return parts;
  for (let start = firstOf(monthOf(period.from)); start <= period.to; start = addDays(lastOf(start), 1)) {
    const end = lastOf(start);
    const inside = { from: period.from > start ? period.from : start, to: period.to < end ? period.to : end };
    const outside = [
      ...(inside.from > start ? [{ from: start, to: addDays(inside.from, -1) }] : []),
      ...(inside.to < end ? [{ from: addDays(inside.to, 1), to: end }] : []),
    ];
    const outsideDays = outside.reduce((n, s) => n + daysIn(s), 0);
    if (outsideDays < daysIn(inside)) {
      parts.months.push(monthOf(start));
      parts.minusDays.push(...outside);
    } else parts.plusDays.push(inside);
  }
  return parts;
}
