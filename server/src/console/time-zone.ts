/** Day boundaries in the operator's time zone (IANA name), as UTC ISO instants. */

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `ms`, in ms (local = utc + offset). */
function offsetAt(ms: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(ms / 1000) * 1000;
}

/** The local calendar date (YYYY-MM-DD) of instant `ms` in `tz`. */
export function localDate(ms: number, tz: string): string {
  return new Date(ms + offsetAt(ms, tz)).toISOString().slice(0, 10);
}

/** The UTC instant (ms) at which local date `date` (YYYY-MM-DD) starts in `tz`. */
export function startOfLocalDay(date: string, tz: string): number {
  const wall = Date.parse(`${date}T00:00:00.000Z`);
  let guess = wall - offsetAt(wall, tz);
  // Twice: the offset at the guess may differ from the one at the wall time (a DST change that day).
  guess = wall - offsetAt(guess, tz);
  return guess;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface DayRange {
  day: string;
  start: string;
  end: string;
}

/** The `count` local days ending with today's (at `now`), oldest first, with their UTC bounds. */
export function lastDays(count: number, tz: string, now = Date.now()): DayRange[] {
  const today = localDate(now, tz);
  const days: DayRange[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    days.push({
      day,
      start: new Date(startOfLocalDay(day, tz)).toISOString(),
      end: new Date(startOfLocalDay(addDays(day, 1), tz)).toISOString(),
    });
  }
  return days;
}
