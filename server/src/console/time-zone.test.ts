import { describe, expect, it } from 'vitest';
import { isTimeZone, lastDays, localDate, startOfLocalDay } from './time-zone.js';

describe('operator time zone days', () => {
  it('should find local midnight in UTC, also across a DST change', () => {
    expect(new Date(startOfLocalDay('2026-07-01', 'Europe/Paris')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-12-01', 'Europe/Paris')).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-05-01', 'Asia/Kathmandu')).toISOString()).toBe('2026-04-30T18:15:00.000Z');
  });

  it('should give the local date of an instant', () => {
    expect(localDate(Date.parse('2026-11-24T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-25');
    expect(localDate(Date.parse('2026-11-24T23:30:00Z'), 'UTC')).toBe('2026-11-24');
  });

  it('should list the last N days ending today, each ending where the next starts', () => {
    const days = lastDays(7, 'America/New_York', Date.parse('2026-11-03T12:00:00Z'));
    expect(days.map((d) => d.day)).toEqual([
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    for (let i = 1; i < days.length; i++) expect(days[i]?.start).toBe(days[i - 1]?.end);
    // 1 November 2026 is 25 hours long in New York (DST ends).
    const nov1 = days[4];
    expect(nov1 && Date.parse(nov1.end) - Date.parse(nov1.start)).toBe(25 * 3_600_000);
  });

  it('should tell known zones from unknown ones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
