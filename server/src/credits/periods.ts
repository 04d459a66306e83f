/**
 * The periods spending limits count in (issue #49): the user's local day and month in their IANA
 * time zone (null: UTC). Keys are that zone's dates (`YYYY-MM-DD`, `YYYY-MM`); a period resets at
 * its local midnight, found through the zone's offset at that moment (DST included).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `timeZone` at `at`. */
function wallTime(at: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallTime(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (at.getTime() - at.getMilliseconds());
}

/** The instant of local midnight at the start of year/month/day (month 1-based, may overflow) in `timeZone`. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const guess = new Date(wall - offsetAt(new Date(wall), timeZone));
  // Across a DST change the offset at midnight differs from the one at the guess: take it again.
  return new Date(wall - offsetAt(guess, timeZone));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day (`YYYY-MM-DD`) and month (`YYYY-MM`) `at` belongs to in `timeZone` (null: UTC). */
export function periodKeys(at: Date | string, timeZone: string | null = null): { day: string; month: string } {
  const moment = typeof at === 'string' ? new Date(at) : at;
  if (!timeZone) {
    const iso = moment.toISOString();
    return { day: iso.slice(0, 10), month: iso.slice(0, 7) };
  }
  const w = wallTime(moment, timeZone);
  const month = `${w.year}-${pad(w.month)}`;
  return { day: `${month}-${pad(w.day)}`, month };
}

/** When the current local day and month end in `timeZone` (null: UTC). */
export function resetTimes(now = new Date(), timeZone: string | null = null): { day: Date; month: Date } {
  const zone = timeZone ?? 'UTC';
  const w = wallTime(now, zone);
  return { day: localMidnight(w.year, w.month, w.day + 1, zone), month: localMidnight(w.year, w.month + 1, 1, zone) };
}

/** A reset time as the user reads it: `YYYY-MM-DD HH:MM` in their zone, named. */
export function shownIn(at: Date, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  const w = wallTime(at, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} ${zone === 'UTC' ? 'UTC' : `(${zone})`}`;
}
