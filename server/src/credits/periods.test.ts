import { describe, expect, it } from 'vitest';
import { periodKeys, resetTimes, shownIn } from './periods.js';

/** Spending limits count the user's local day and month (issue #49), DST included. */
describe('limit periods in a time zone', () => {
  it('should put one moment in different days and months on each side of a zone boundary', () => {
    const at = '2026-03-01T02:00:00.000Z';
    expect(periodKeys(at)).toEqual({ day: '2026-03-01', month: '2026-03' });
    expect(periodKeys(at, 'America/New_York')).toEqual({ day: '2026-02-28', month: '2026-02' });
    expect(periodKeys(at, 'Asia/Tokyo')).toEqual({ day: '2026-03-01', month: '2026-03' });
    expect(periodKeys('2026-01-31T20:00:00.000Z', 'Asia/Kolkata')).toEqual({ day: '2026-02-01', month: '2026-02' });
  });

  it('should reset at local midnight, in UTC when no zone is known', () => {
    const now = new Date('2026-01-31T20:00:00.000Z');
    expect(resetTimes(now)).toEqual({
      day: new Date('2026-02-01T00:00:00.000Z'),
      month: new Date('2026-02-01T00:00:00.000Z'),
    });
    // Kolkata is UTC+5:30: 01:30 on 1 February there; the next midnight is 2 February.
    expect(resetTimes(now, 'Asia/Kolkata')).toEqual({
      day: new Date('2026-02-01T18:30:00.000Z'),
      month: new Date('2026-02-28T18:30:00.000Z'),
    });
  });

  it('should follow daylight saving time: the offset of the midnight itself counts', () => {
    // New York, Saturday 7 March 2026 22:00 EST; clocks go forward on the 8th at 02:00.
    expect(resetTimes(new Date('2026-03-08T03:00:00.000Z'), 'America/New_York').day).toEqual(
      new Date('2026-03-08T05:00:00.000Z'),
    );
    // Sunday 8 March 08:00 EDT: the next midnight is on EDT (UTC-4).
    expect(resetTimes(new Date('2026-03-08T12:00:00.000Z'), 'America/New_York').day).toEqual(
      new Date('2026-03-09T04:00:00.000Z'),
    );
    // 31 October 08:00 EDT: the month ends at 1 November 00:00 EDT; clocks go back that night.
    const halloween = resetTimes(new Date('2026-10-31T12:00:00.000Z'), 'America/New_York');
    expect(halloween.month).toEqual(new Date('2026-11-01T04:00:00.000Z'));
    // 1 November 07:00 EST: the next midnight is on EST (UTC-5), a 25-hour day behind it.
    expect(resetTimes(new Date('2026-11-01T12:00:00.000Z'), 'America/New_York').day).toEqual(
      new Date('2026-11-02T05:00:00.000Z'),
    );
    // Europe/Lisbon leaves summer time on 25 October 2026.
    expect(resetTimes(new Date('2026-10-25T12:00:00.000Z'), 'Europe/Lisbon').day).toEqual(
      new Date('2026-10-26T00:00:00.000Z'),
    );
    expect(resetTimes(new Date('2026-10-24T12:00:00.000Z'), 'Europe/Lisbon').day).toEqual(
      new Date('2026-10-24T23:00:00.000Z'),
    );
  });

  it('should name the reset in the user zone', () => {
    expect(shownIn(new Date('2026-03-09T04:00:00.000Z'), 'America/New_York')).toBe(
      '2026-03-09 00:00 (America/New_York)',
    );
    expect(shownIn(new Date('2026-03-09T00:00:00.000Z'), null)).toBe('2026-03-09 00:00 UTC');
  });
});
