import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, nextWeekdays, wallClock, zonedMoment, zoneName } from './zoned-time';

const ZONES = ['America/Chicago', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/London'];

describe('zonedMoment', () => {
  it('agrees with luxon (the server) hour by hour through 2026, taking the first of a repeated hour', () => {
    for (const zone of ZONES) {
      // Every hour of a day a week through the year, and of each day around an offset change.
      const offsetOn = (date: string) => DateTime.fromISO(date, { zone }).offset;
      const changes = (date: string) => offsetOn(addDays(date, -1)) !== offsetOn(addDays(date, 2));
      for (let day = 0; day < 365; day++) {
        const date = addDays('2026-01-01', day);
        if (day % 7 !== 0 && !changes(date)) continue;
        for (let hour = 0; hour < 24; hour++) {
          const mine = zonedMoment(date, hour, zone).getTime();
          const [y, m, d] = date.split('-').map(Number);
          const theirs = DateTime.fromObject({ year: y, month: m, day: d, hour }, { zone }).toMillis();
          if (mine === theirs) continue;
          // Only a repeated hour (fall back) may differ: both read the same on the clock, ours first.
          expect(wallClock(new Date(mine), zone), `${zone} ${date} ${hour}:00`).toEqual(wallClock(new Date(theirs), zone));
          expect(mine, `${zone} ${date} ${hour}:00`).toBeLessThan(theirs);
        }
      }
    }
  });

  it('moves a skipped hour forward and takes the first of a repeated one (Chicago)', () => {
    expect(zonedMoment('2026-03-08', 2, 'America/Chicago').toISOString()).toBe('2026-03-08T08:00:00.000Z'); // 03:00 CDT
    expect(zonedMoment('2026-11-01', 1, 'America/Chicago').toISOString()).toBe('2026-11-01T06:00:00.000Z'); // 01:00 CDT
    expect(zonedMoment('2026-11-28', 1, 'America/Chicago').toISOString()).toBe('2026-11-28T07:00:00.000Z');
    expect(zonedMoment('2026-11-28', 23, 'America/Los_Angeles').toISOString()).toBe('2026-11-29T07:00:00.000Z');
  });
});

describe('wallClock', () => {
  it('reads the date and hour in the zone, not the device', () => {
    const at = new Date('2026-11-26T02:30:00Z');
    expect(wallClock(at, 'UTC')).toEqual({ date: '2026-11-26', hour: 2, minute: 30 });
    expect(wallClock(at, 'America/Chicago')).toEqual({ date: '2026-11-25', hour: 20, minute: 30 });
    expect(wallClock(at, 'America/Los_Angeles')).toEqual({ date: '2026-11-25', hour: 18, minute: 30 });
    expect(wallClock(new Date('2026-11-26T06:00:00Z'), 'America/Chicago')).toEqual({ date: '2026-11-26', hour: 0, minute: 0 });
  });
});

describe('addDays and zoneName', () => {
  it('rolls months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names zones the way people do', () => {
    expect(zoneName('America/Chicago', 'en-US')).toBe('Central Time');
    expect(zoneName('America/Los_Angeles', 'en-US')).toBe('Pacific Time');
  });
});

describe('weekdays of dates', () => {
  it('names the ISO weekday of a date, and lists the next dates on a weekday from a date on', () => {
    expect(isoWeekday('2026-12-06')).toBe(7); // a Sunday
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(nextWeekdays('2026-12-06', 2, 3)).toEqual(['2026-12-08', '2026-12-15', '2026-12-22']);
    expect(nextWeekdays('2026-12-06', 7, 2)).toEqual(['2026-12-06', '2026-12-13']);
    expect(nextWeekdays('2026-12-27', 5, 2)).toEqual(['2027-01-01', '2027-01-08']);
  });
});
