import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dateKey,
  entriesByDay,
  entryDateKeys,
  entryTimeLabel,
  mondayOf,
  parseDateKey,
  weekDays,
  weekFetchRange,
  weekLabel,
} from './calendar-week';

const entry = (id: string, startsAt: string, endsAt: string | null = null, allDay = false) => ({
  id,
  title: id,
  description: null,
  startsAt,
  endsAt,
  allDay,
  customer: null,
  salesRep: null,
});

describe('calendar weeks', () => {
  it('runs Monday to Sunday and asks the API for a day of margin each side', () => {
    const wednesday = parseDateKey('2026-04-15')!;
    expect(dateKey(mondayOf(wednesday))).toBe('2026-04-13');
    expect(dateKey(mondayOf(parseDateKey('2026-04-19')!))).toBe('2026-04-13'); // Sunday ends the week
    expect(dateKey(mondayOf(parseDateKey('2026-04-20')!))).toBe('2026-04-20');
    expect(weekDays(parseDateKey('2026-04-13')!).map(dateKey)).toEqual([
      '2026-04-13',
      '2026-04-14',
      '2026-04-15',
      '2026-04-16',
      '2026-04-17',
      '2026-04-18',
      '2026-04-19',
    ]);
    expect(weekFetchRange(parseDateKey('2026-04-13')!)).toEqual({ from: '2026-04-12', to: '2026-04-20' });
  });

  it('reads only real YYYY-MM-DD dates', () => {
    expect(parseDateKey('2026-02-30')).toBeNull();
    expect(parseDateKey('2026-4-1')).toBeNull();
    expect(parseDateKey(null)).toBeNull();
    expect(dateKey(parseDateKey('2028-02-29')!)).toBe('2028-02-29');
  });

  it('labels weeks within a month, across months and across years', () => {
    expect(weekLabel(parseDateKey('2026-04-13')!)).toBe('Apr 13 – 19, 2026');
    expect(weekLabel(parseDateKey('2026-03-30')!)).toBe('Mar 30 – Apr 5, 2026');
    expect(weekLabel(parseDateKey('2025-12-29')!)).toBe('Dec 29, 2025 – Jan 4, 2026');
  });
});

// Entries are placed by the browser's local day: checked in UTC and on the US west coast.
describe.each(['UTC', 'America/Los_Angeles'])('entry days in %s', (tz) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('puts an all-day entry on its start date only, its end date being exclusive', () => {
    // The seed's all-day shape: 08:00Z to 07:00Z the next day (midnight to midnight in California).
    expect(entryDateKeys(entry('a', '2026-04-15T08:00:00.000Z', '2026-04-16T07:00:00.000Z', true))).toEqual(['2026-04-15']);
    expect(entryDateKeys(entry('b', '2026-04-15T08:00:00.000Z', null, true))).toEqual(['2026-04-15']);
    expect(entryDateKeys(entry('c', '2026-04-15T08:00:00.000Z', '2026-04-18T07:00:00.000Z', true))).toEqual([
      '2026-04-15',
      '2026-04-16',
      '2026-04-17',
    ]);
  });

  it('spreads a timed entry over the days it runs', () => {
    expect(entryDateKeys(entry('d', '2026-04-15T16:00:00.000Z', '2026-04-15T17:00:00.000Z'))).toEqual(['2026-04-15']);
    expect(entryDateKeys(entry('e', '2026-04-14T16:00:00.000Z', '2026-04-16T17:00:00.000Z'))).toEqual([
      '2026-04-14',
      '2026-04-15',
      '2026-04-16',
    ]);
  });

  it('groups a week’s entries by day, keeping their order and leaving out the margin days', () => {
    const days = weekDays(parseDateKey('2026-04-13')!);
    const byDay = entriesByDay(
      [
        entry('margin', '2026-04-12T18:00:00.000Z'),
        entry('wed-1', '2026-04-15T16:00:00.000Z'),
        entry('wed-2', '2026-04-15T20:00:00.000Z'),
        entry('sat', '2026-04-18T18:00:00.000Z'),
      ],
      days,
    );
    expect([...byDay.keys()]).toHaveLength(7);
    expect(byDay.get('2026-04-15')!.map((e) => e.id)).toEqual(['wed-1', 'wed-2']);
    expect(byDay.get('2026-04-18')!.map((e) => e.id)).toEqual(['sat']);
    expect([...byDay.values()].flat().map((e) => e.id)).not.toContain('margin');
  });
});

describe('entry time labels (UTC)', () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('says All day, a start and end, or how a long entry continues', () => {
    expect(entryTimeLabel(entry('a', '2026-04-15T08:00:00.000Z', null, true), '2026-04-15')).toBe('All day');
    expect(entryTimeLabel(entry('b', '2026-04-15T16:00:00.000Z', '2026-04-15T17:30:00.000Z'), '2026-04-15')).toBe(
      '4:00 PM – 5:30 PM',
    );
    expect(entryTimeLabel(entry('c', '2026-04-15T09:00:00.000Z'), '2026-04-15')).toBe('9:00 AM');
    const long = entry('d', '2026-04-14T16:00:00.000Z', '2026-04-16T10:00:00.000Z');
    expect(entryTimeLabel(long, '2026-04-14')).toBe('From 4:00 PM');
    expect(entryTimeLabel(long, '2026-04-15')).toBe('Continues');
    expect(entryTimeLabel(long, '2026-04-16')).toBe('Until 10:00 AM');
  });
});
