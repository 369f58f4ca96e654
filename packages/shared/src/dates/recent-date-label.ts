// The spec §8 date display, shared by every list of recent things (notifications, stories): newer than
// 7 days shown relative ("2 hours ago"), older as MMM DD, YYYY; a missing or invalid date reads Recently.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

export const RECENT_DAYS = 7;

export function recentDateLabel(iso: string | null | undefined, now: Date = new Date()): string {
  const d = dayjs(iso ?? undefined);
  if (!iso || !d.isValid()) return 'Recently';
  const ref = dayjs(now);
  return ref.diff(d, 'day', true) < RECENT_DAYS ? d.from(ref) : d.format('MMM DD, YYYY');
}
