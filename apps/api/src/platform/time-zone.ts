// Calendar days in the distributor's time zone and the UTC instants they start at, so the dashboard's
// ranges are whole local days, DST included (a local day may last 23 or 25 hours).

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function localDay(instant: Date, timeZone: string): string {
  return dayFormat(timeZone).format(instant);
}

/** The zone's offset from UTC at an instant, in minutes (−420 for 7 hours behind). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The UTC instant a local calendar day starts at (its first existing minute). */
export function dayStart(day: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  let t = midnightAsUtc - offsetMinutes(new Date(midnightAsUtc), timeZone) * 60_000;
  // Once more with the offset at the first guess: right across a DST change the two differ.
  t = midnightAsUtc - offsetMinutes(new Date(t), timeZone) * 60_000;
  // A midnight skipped by a DST change: the day starts at the first local instant on it.
  if (localDay(new Date(t), timeZone) !== day) t += 60 * 60_000;
  return new Date(t);
}
