import { describe, expect, it } from 'vitest';
import { endMinuteOf, minutesOf, stopInputSchema } from '@shared/contracts/schedules';
import { truckStatusLine } from '@shared/utils/truck-status-line';
import { expandStops, stopsClash, toWire, type StopValues } from './occurrences';

/*
 * Late-night stops (issue 27, ADR 0152): a stop may run past midnight, and the expansion, the
 * overlap rule and the status line all read it as one stop that ends the next day.
 */

const CHICAGO = 'America/Chicago';
const PLACE = { latitude: 30.2672, longitude: -97.7431, address: '6th & Congress' };

function stop(values: Partial<StopValues> & { start: string; end: string }): StopValues {
  const { start, end, ...rest } = values;
  return {
    id: 1,
    foodTruckId: 1,
    kind: 'weekly',
    weekday: 6,
    date: null,
    startMinute: minutesOf(start),
    endMinute: endMinuteOf(start, end),
    exceptions: [],
    ...PLACE,
    ...rest,
  };
}

/** Saturday 18:00 to Sunday 02:00, weekly. */
const saturdayNight = stop({ start: '18:00', end: '02:00' });

const at = (iso: string) => new Date(iso);
const instant = (from: Date) => expandStops([saturdayNight], CHICAGO, from, new Date(from.getTime() + 1));

describe('the contract of a stop past midnight', () => {
  const body = { kind: 'weekly', weekday: 6, ...PLACE };

  it('accepts an end before the start as the next day, and refuses equal times', () => {
    expect(stopInputSchema.safeParse({ ...body, startTime: '18:00', endTime: '02:00' }).success).toBe(true);
    expect(stopInputSchema.safeParse({ ...body, startTime: '00:00', endTime: '24:00' }).success).toBe(true);
    const same = stopInputSchema.safeParse({ ...body, startTime: '18:00', endTime: '18:00' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]).toMatchObject({ message: 'The stop must end after it starts', path: ['endTime'] });
    expect(stopInputSchema.safeParse({ ...body, startTime: '24:00', endTime: '02:00' }).success).toBe(false);
  });

  it('counts the end from the start day: next day past midnight, at most a day', () => {
    expect(endMinuteOf('18:00', '02:00')).toBe(26 * 60);
    expect(endMinuteOf('11:00', '14:00')).toBe(14 * 60);
    expect(endMinuteOf('18:00', '24:00')).toBe(1440);
    expect(endMinuteOf('18:00', '00:00')).toBe(1440);
    expect(endMinuteOf('00:00', '24:00')).toBe(1440);
    expect(endMinuteOf('18:00', '17:59')).toBe(1440 + 17 * 60 + 59);
  });
});

describe('expandStops past midnight', () => {
  it('ends on Sunday 02:00 local time and reads "18:00–02:00" on Saturday', () => {
    const [o] = expandStops([saturdayNight], CHICAGO, at('2026-11-28T00:00:00Z'), at('2026-11-30T00:00:00Z'));
    expect(o && toWire(o)).toMatchObject({
      start: '2026-11-28T18:00:00.000-06:00',
      end: '2026-11-29T02:00:00.000-06:00',
      localDate: '2026-11-28',
      weekday: 6,
      startTime: '18:00',
      endTime: '02:00',
    });
  });

  it('is under way on Sunday at 01:00 and over at 02:00', () => {
    expect(instant(at('2026-11-29T01:00:00-06:00')).map((o) => o.localDate)).toEqual(['2026-11-28']);
    expect(instant(at('2026-11-28T23:59:00-06:00'))).toHaveLength(1);
    expect(instant(at('2026-11-29T02:00:00-06:00'))).toEqual([]);
    expect(instant(at('2026-11-28T17:59:00-06:00'))).toEqual([]);
  });

  it('is under way at 01:00 in a window that starts on Sunday (the walk starts a day early)', () => {
    const sunday = expandStops([saturdayNight], CHICAGO, at('2026-11-29T06:00:00Z'), at('2026-11-30T06:00:00Z'));
    expect(sunday.map((o) => o.localDate)).toEqual(['2026-11-28']);
  });

  it('lasts nine hours on the night the clocks fall back, still ending at 02:00 local', () => {
    // 2026-11-01 02:00 CDT falls back to 01:00 CST: 01:00–02:00 happens twice.
    const [o] = expandStops([saturdayNight], CHICAGO, at('2026-10-31T12:00:00Z'), at('2026-11-02T12:00:00Z'));
    expect(o && toWire(o)).toMatchObject({ start: '2026-10-31T18:00:00.000-05:00', end: '2026-11-01T02:00:00.000-06:00' });
    expect(o && o.end.diff(o.start, 'hours').hours).toBe(9);
    // Both 01:30s of that night are inside the stop.
    expect(instant(at('2026-11-01T06:30:00Z'))).toHaveLength(1);
    expect(instant(at('2026-11-01T07:30:00Z'))).toHaveLength(1);
    expect(instant(at('2026-11-01T08:00:00Z'))).toEqual([]);
  });

  it('lasts eight hours on the night the clocks spring forward (02:00 does not exist: 03:00 CDT)', () => {
    const [o] = expandStops([saturdayNight], CHICAGO, at('2026-03-07T12:00:00Z'), at('2026-03-09T12:00:00Z'));
    expect(o && toWire(o)).toMatchObject({ start: '2026-03-07T18:00:00.000-06:00', end: '2026-03-08T03:00:00.000-05:00' });
    expect(o && o.end.diff(o.start, 'hours').hours).toBe(8);
    expect(instant(at('2026-03-08T07:59:00Z'))).toHaveLength(1);
    expect(instant(at('2026-03-08T08:00:00Z'))).toEqual([]);
  });

  it('keeps a skipped Saturday out of Sunday morning too', () => {
    const skipped = { ...saturdayNight, exceptions: ['2026-11-28'] };
    expect(expandStops([skipped], CHICAGO, at('2026-11-29T07:00:00Z'), at('2026-11-29T07:00:01Z'))).toEqual([]);
  });

  it('runs a Sunday-night stop into Monday of the next week', () => {
    const sunday = stop({ weekday: 7, start: '22:00', end: '03:00' });
    const [o] = expandStops([sunday], 'UTC', at('2026-11-30T02:00:00Z'), at('2026-11-30T02:00:01Z'));
    expect(o && toWire(o)).toMatchObject({ localDate: '2026-11-29', weekday: 7, end: '2026-11-30T03:00:00.000Z' });
  });
});

describe('stopsClash past midnight', () => {
  const sundayMorning = stop({ id: 2, weekday: 7, start: '01:00', end: '03:00' });

  it('meets a stop the next morning while it runs, and not once it has ended', () => {
    expect(stopsClash(saturdayNight, sundayMorning)).toBe(true);
    expect(stopsClash(sundayMorning, saturdayNight)).toBe(true);
    expect(stopsClash(saturdayNight, stop({ id: 2, weekday: 7, start: '02:00', end: '04:00' }))).toBe(false);
    expect(stopsClash(saturdayNight, stop({ id: 2, weekday: 6, start: '11:00', end: '18:00' }))).toBe(false);
    expect(stopsClash(saturdayNight, stop({ id: 2, weekday: 6, start: '11:00', end: '18:01' }))).toBe(true);
    expect(stopsClash(saturdayNight, stop({ id: 2, weekday: 5, start: '20:00', end: '19:00' }))).toBe(true);
  });

  it('wraps the week: Sunday night meets Monday morning', () => {
    const sundayNight = stop({ weekday: 7, start: '20:00', end: '02:00' });
    expect(stopsClash(sundayNight, stop({ id: 2, weekday: 1, start: '01:00', end: '05:00' }))).toBe(true);
    expect(stopsClash(stop({ id: 2, weekday: 1, start: '01:00', end: '05:00' }), sundayNight)).toBe(true);
    expect(stopsClash(sundayNight, stop({ id: 2, weekday: 1, start: '02:00', end: '05:00' }))).toBe(false);
  });

  it('compares one-off stops with weekly ones across midnight, minding exceptions', () => {
    const sundayOnce = stop({ id: 3, kind: 'once', weekday: null, date: '2026-11-29', start: '00:30', end: '01:30' });
    expect(stopsClash(saturdayNight, sundayOnce)).toBe(true);
    expect(stopsClash(sundayOnce, saturdayNight)).toBe(true);
    expect(stopsClash({ ...saturdayNight, exceptions: ['2026-11-28'] }, sundayOnce)).toBe(false);
    const fridayOnce = stop({ id: 3, kind: 'once', weekday: null, date: '2026-11-27', start: '20:00', end: '18:30' });
    expect(stopsClash(saturdayNight, fridayOnce)).toBe(true);
    expect(stopsClash(saturdayNight, { ...fridayOnce, endMinute: endMinuteOf('20:00', '18:00') })).toBe(false);
  });

  it('compares two one-off stops on neighbouring dates', () => {
    const night = stop({ kind: 'once', weekday: null, date: '2026-12-05', start: '18:00', end: '02:00' });
    const next = stop({ id: 2, kind: 'once', weekday: null, date: '2026-12-06', start: '01:00', end: '03:00' });
    expect(stopsClash(night, next)).toBe(true);
    expect(stopsClash(next, night)).toBe(true);
    expect(stopsClash(night, { ...next, date: '2026-12-07' })).toBe(false);
  });
});

describe('the status line of a late-night stop', () => {
  const [o] = expandStops([saturdayNight], CHICAGO, at('2026-11-28T00:00:00Z'), at('2026-11-30T00:00:00Z'));
  const occurrence = toWire(o!);
  const sunday1am = at('2026-11-29T01:00:00-06:00');

  it('is here now on Sunday at 01:00, until 02:00', () => {
    const open = { isOpen: true, latitude: PLACE.latitude, longitude: PLACE.longitude };
    expect(truckStatusLine(open, [occurrence], sunday1am)).toBe('Open now until 2:00 AM');
    expect(truckStatusLine({ ...open, isOpen: false }, [occurrence], sunday1am)).toBe(
      'Usually here until 2:00 AM — not open yet',
    );
  });

  it('announces it as "Sat 18:00–02:00" before it starts ("Today" on the Saturday)', () => {
    const closed = { isOpen: false, latitude: null, longitude: null };
    expect(truckStatusLine(closed, [occurrence], at('2026-11-28T12:00:00-06:00'))).toBe(
      'Next: Today 6:00 PM–2:00 AM at 6th & Congress',
    );
    expect(truckStatusLine(closed, [occurrence], at('2026-11-26T12:00:00-06:00'))).toBe(
      'Next: Sat 6:00 PM–2:00 AM at 6th & Congress',
    );
  });
});
