import { describe, expect, it } from 'vitest';
import { recentDateLabel } from './recent-date-label.ts';

const now = new Date('2026-11-27T12:00:00.000Z');

describe('recentDateLabel (spec §8)', () => {
  it('shows a date within 7 days relative to now', () => {
    expect(recentDateLabel('2026-11-27T10:00:00.000Z', now)).toBe('2 hours ago');
    expect(recentDateLabel('2026-11-21T12:00:01.000Z', now)).toBe('6 days ago');
  });
  it('shows an older date as MMM DD, YYYY', () => {
    expect(recentDateLabel('2026-11-20T12:00:00.000Z', now)).toBe('Nov 20, 2026');
    expect(recentDateLabel('2026-01-05T12:00:00.000Z', now)).toBe('Jan 05, 2026');
  });
  it('reads Recently for a missing or invalid date', () => {
    expect(recentDateLabel(null, now)).toBe('Recently');
    expect(recentDateLabel('', now)).toBe('Recently');
    expect(recentDateLabel('not a date', now)).toBe('Recently');
  });
});
