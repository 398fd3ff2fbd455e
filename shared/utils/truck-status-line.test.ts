import { describe, expect, it } from 'vitest';
import { hasStopToGoTo, truckStatusLine, underWayNote, type StatusStop, type StatusTruck } from './truck-status-line';

// A weekly stop on Tuesday 11:00–14:00 at 6th & Congress, Austin (Chicago time, CST = -06:00).
const congress = { latitude: 30.2686, longitude: -97.7425 };
const tuesday: StatusStop = {
  kind: 'weekly',
  start: '2027-01-05T11:00:00-06:00',
  end: '2027-01-05T14:00:00-06:00',
  weekday: 2,
  startTime: '11:00',
  endTime: '14:00',
  ...congress,
  address: '6th & Congress',
};
// A one-off stop on Friday 09:00–10:00 at Zilker Park.
const friday: StatusStop = {
  kind: 'once',
  start: '2027-01-08T09:00:00-06:00',
  end: '2027-01-08T10:00:00-06:00',
  weekday: 5,
  startTime: '09:00',
  endTime: '10:00',
  latitude: 30.2669,
  longitude: -97.7729,
  address: 'Zilker Park',
};
// A stop of a truck in Tokyo: 11:30–13:00 local on Wednesday, which is Tuesday 20:30–22:00 in Chicago.
const tokyo: StatusStop = {
  kind: 'weekly',
  start: '2027-01-06T11:30:00+09:00',
  end: '2027-01-06T13:00:00+09:00',
  weekday: 3,
  startTime: '11:30',
  endTime: '13:00',
  latitude: 35.6595,
  longitude: 139.7005,
  address: 'Shibuya',
};

const at = (iso: string) => new Date(iso);
const truck = (over: Partial<StatusTruck>): StatusTruck => ({ isOpen: false, ...congress, ...over });
const openHere = truck({ isOpen: true });
const openElsewhere = truck({ isOpen: true, latitude: 30.4021, longitude: -97.7228 });
const closed = truck({});
const closedElsewhere = truck({ latitude: null, longitude: null });

describe('truckStatusLine: the live state first, then the schedule', () => {
  it.each<[string, StatusTruck, readonly StatusStop[], string, string]>([
    // Open trucks.
    [
      'open at the stop under way',
      openHere,
      [tuesday, friday],
      '2027-01-05T12:00:00-06:00',
      'Open now until 2:00 PM',
    ],
    [
      'open at the stop: its first minute (start included)',
      openHere,
      [tuesday],
      '2027-01-05T11:00:00-06:00',
      'Open now until 2:00 PM',
    ],
    [
      'open at the stop, same instant given in UTC',
      openHere,
      [tuesday],
      '2027-01-05T17:00:00Z',
      'Open now until 2:00 PM',
    ],
    [
      'open, the stop just ended (end excluded): the next one',
      openHere,
      [tuesday, friday],
      '2027-01-05T14:00:00-06:00',
      'Open now · Next: Fri 9:00 AM–10:00 AM at Zilker Park',
    ],
    [
      'open away from the stop under way: not "until"',
      openElsewhere,
      [tuesday],
      '2027-01-05T12:00:00-06:00',
      'Open now',
    ],
    [
      'open before a stop',
      openHere,
      [tuesday],
      '2027-01-05T08:00:00-06:00',
      'Open now · Next: Today 11:00 AM–2:00 PM at 6th & Congress',
    ],
    ['open with no stops', openHere, [], '2027-01-05T12:00:00-06:00', 'Open now'],
    [
      'open without coordinates during a stop',
      truck({ isOpen: true, latitude: null, longitude: null }),
      [tuesday],
      '2027-01-05T12:00:00-06:00',
      'Open now',
    ],
    // Closed trucks: never "Open now".
    [
      'closed during a weekly stop (Masala Wheels)',
      closed,
      [tuesday],
      '2027-01-05T12:00:00-06:00',
      'Usually here until 2:00 PM — not open yet',
    ],
    [
      'closed (auto-closed, no position) during a weekly stop (Smokestack BBQ)',
      closedElsewhere,
      [tuesday],
      '2027-01-05T11:30:00-06:00',
      'Usually here until 2:00 PM — not open yet',
    ],
    [
      'closed at the very start of the stop (start included)',
      closed,
      [tuesday],
      '2027-01-05T11:00:00-06:00',
      'Usually here until 2:00 PM — not open yet',
    ],
    [
      'closed during a one-off stop',
      closed,
      [friday],
      '2027-01-08T09:45:00-06:00',
      'Scheduled until 10:00 AM — not open yet',
    ],
    [
      'closed, one millisecond before the end: still under way',
      closed,
      [tuesday],
      '2027-01-05T13:59:59.999-06:00',
      'Usually here until 2:00 PM — not open yet',
    ],
    [
      'closed, stop ended: the next stop',
      closed,
      [tuesday, friday],
      '2027-01-05T14:00:00-06:00',
      'Next: Fri 9:00 AM–10:00 AM at Zilker Park',
    ],
    [
      'closed before a stop',
      closed,
      [tuesday],
      '2027-01-05T10:59:59-06:00',
      'Next: Today 11:00 AM–2:00 PM at 6th & Congress',
    ],
    // Today, tomorrow, or the weekday: by the truck's own calendar, whatever the viewer's.
    ['closed, the stop is tomorrow (Monday 23:59)', closed, [tuesday], '2027-01-04T23:59:00-06:00', 'Next: Tomorrow 11:00 AM–2:00 PM at 6th & Congress'],
    ['closed, the stop is tomorrow (Monday 00:00)', closed, [tuesday], '2027-01-04T00:00:00-06:00', 'Next: Tomorrow 11:00 AM–2:00 PM at 6th & Congress'],
    ['closed, the stop is in two days (Sunday 23:59)', closed, [tuesday], '2027-01-03T23:59:00-06:00', 'Next: Tue 11:00 AM–2:00 PM at 6th & Congress'],
    ['Tokyo stop, read on Tuesday in Chicago: Wednesday in Tokyo already, so today', closed, [tokyo], '2027-01-05T09:00:00-06:00', 'Next: Today 11:30 AM–1:00 PM at Shibuya'],
    ['Tokyo stop, read at 08:59 Tuesday in Tokyo: tomorrow there', closed, [tokyo], '2027-01-05T08:59:00+09:00', 'Next: Tomorrow 11:30 AM–1:00 PM at Shibuya'],
    ['closed, every stop over', closed, [tuesday], '2027-02-01T00:00:00Z', 'No upcoming stops'],
    ['closed, no stops', closed, [], '2027-01-05T12:00:00-06:00', 'No upcoming stops'],
    // Time zones: the truck's local hours, decided by instants whatever the viewer's zone.
    [
      'Tokyo stop under way, read from Chicago (still Tuesday there)',
      closed,
      [tokyo],
      '2027-01-05T21:00:00-06:00',
      'Usually here until 1:00 PM — not open yet',
    ],
    [
      'Tokyo stop before it starts, read in UTC',
      closed,
      [tokyo],
      '2027-01-06T02:29:00Z',
      'Next: Today 11:30 AM–1:00 PM at Shibuya',
    ],
    [
      'Tokyo truck open at its stop (epoch-ms instants)',
      truck({ isOpen: true, latitude: 35.6596, longitude: 139.7006 }),
      [{ ...tokyo, start: Date.parse(tokyo.start as string), end: Date.parse(tokyo.end as string) }],
      '2027-01-06T03:00:00Z',
      'Open now until 1:00 PM',
    ],
  ])('%s', (_name, t, stops, now, expected) => {
    expect(truckStatusLine(t, stops, at(now), { locale: 'en-US' })).toBe(expected);
  });

  it('never says "Open now" for a closed truck, at any moment of a day with stops', () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const now = new Date(Date.parse('2027-01-05T00:00:00-06:00') + minute * 60_000);
      for (const t of [closed, closedElsewhere])
        expect(truckStatusLine(t, [tuesday, friday], now)).not.toMatch(/Open now/);
    }
  });
});

describe('hasStopToGoTo: where "I\'m going" is offered', () => {
  const stop = { end: '2026-11-24T20:00:00.000Z' };
  it('an open truck at a known place, or a stop under way or to come', () => {
    expect(hasStopToGoTo(openHere, [], at('2026-11-24T12:00:00Z'))).toBe(true);
    expect(hasStopToGoTo(closed, [stop], at('2026-11-24T19:59:59Z'))).toBe(true);
    expect(
      hasStopToGoTo(
        truck({ isOpen: true, latitude: null, longitude: null }),
        [stop],
        at('2026-11-24T12:00:00Z'),
      ),
    ).toBe(true);
  });
  it('not a closed truck whose stops are over, nor an open one with no place and no stop', () => {
    expect(hasStopToGoTo(closed, [], at('2026-11-24T12:00:00Z'))).toBe(false);
    expect(hasStopToGoTo(closed, [stop], at('2026-11-24T20:00:00Z'))).toBe(false);
    expect(
      hasStopToGoTo(truck({ isOpen: true, latitude: null, longitude: null }), [], at('2026-11-24T12:00:00Z')),
    ).toBe(false);
  });
});

describe('underWayNote: a stop under way, beside the status line', () => {
  const during = at('2027-01-05T12:00:00-06:00');
  it('says where the truck stands against the stop under way', () => {
    expect(underWayNote(openHere, tuesday, during)).toBe('Here now');
    // The line reads "Open now" (ADR 0100): the list must not let the stop pass for where it is.
    expect(underWayNote(openElsewhere, tuesday, during)).toBe('Open elsewhere now');
    expect(underWayNote(closed, tuesday, during)).toBe('Not open yet');
    // Open, its place unknown: neither here nor elsewhere can be said.
    expect(underWayNote(truck({ isOpen: true, latitude: null, longitude: null }), tuesday, during)).toBeNull();
  });
  it('says nothing of a stop not under way: to come, or over (its end excluded)', () => {
    expect(underWayNote(openHere, friday, during)).toBeNull();
    expect(underWayNote(openHere, tuesday, at('2027-01-05T10:59:59-06:00'))).toBeNull();
    expect(underWayNote(openHere, tuesday, at('2027-01-05T14:00:00-06:00'))).toBeNull();
    expect(underWayNote(openHere, tuesday, at('2027-01-05T11:00:00-06:00'))).toBe('Here now');
  });
});
