import { describe, expect, it } from 'vitest';
import {
  describeRating,
  formatClock,
  formatClockRange,
  formatDate,
  formatDateTime,
  formatDay,
  formatDistance,
  formatAsViewer,
  formatDistanceKm,
  formatHour,
  formatPhone,
  formatPrice,
  formatTime,
  formatTimestamp,
  formatWeekday,
  usesMiles,
} from './format';

const us = { locale: 'en-US' };
const de = { locale: 'de-DE' };
const chicago = { locale: 'en-US', timeZone: 'America/Chicago' };

describe('distances', () => {
  it('are miles for en-US, with one decimal under ten, and feet under a tenth of a mile', () => {
    expect(usesMiles('en-US')).toBe(true);
    expect(formatDistance(0.43, us)).toBe('0.4 mi');
    expect(formatDistance(2.26, us)).toBe('2.3 mi');
    expect(formatDistance(1, us)).toBe('1.0 mi');
    expect(formatDistance(37.4, us)).toBe('37 mi');
    expect(formatDistance(0.04, us)).toBe('210 ft');
    expect(formatDistance(0, us)).toBe('10 ft');
  });
  it('spell the unit for the voice', () => {
    expect(formatDistance(1, { ...us, long: true })).toBe('1 mile');
    expect(formatDistance(2.5, { ...us, long: true })).toBe('2.5 miles');
    expect(formatDistance(0.07, { ...us, long: true })).toBe('370 feet');
  });
  it('measured in km (the nearby alert) still read in miles for en-US', () => {
    expect(formatDistanceKm(1.609344, us)).toBe('1.0 mi');
    expect(formatDistanceKm(0.65, us)).toBe('0.4 mi');
  });
  it('are metres and kilometres where people use them', () => {
    expect(usesMiles('de-DE')).toBe(false);
    expect(formatDistanceKm(0.65, de)).toBe('650 m');
    expect(formatDistance(2, de)).toBe('3,2 km');
  });
});

describe('times of day', () => {
  it('write a stop wall-clock time on the 12-hour clock for en-US', () => {
    expect(formatClock('14:00', us)).toBe('2:00 PM');
    expect(formatClock('09:30', us)).toBe('9:30 AM');
    expect(formatClock('00:00', us)).toBe('12:00 AM');
    expect(formatClock('24:00', us)).toBe('12:00 AM');
    expect(formatClock(870, us)).toBe('2:30 PM');
    expect(formatClock('14:00', { ...us, short: true })).toBe('2 PM');
    expect(formatClock('14:30', { ...us, short: true })).toBe('2:30 PM');
  });
  it('on the 24-hour clock where the locale reads it so', () => {
    expect(formatClock('14:00', de)).toBe('14:00');
    expect(formatClock('14:00', { locale: 'en-GB' })).toBe('14:00');
  });
  it('write a range, past midnight too', () => {
    expect(formatClockRange('11:00', '14:00', us)).toBe('11:00 AM–2:00 PM');
    expect(formatClockRange('18:00', '02:00', us)).toBe('6:00 PM–2:00 AM');
    expect(formatClockRange('00:00', '24:00', us)).toBe('all day');
  });
  it('write an instant in the zone given', () => {
    expect(formatTime('2026-11-22T21:04:00Z', chicago)).toBe('3:04 PM');
    expect(formatHour('2026-11-22T21:04:00Z', chicago)).toBe('3 PM');
    expect(formatTime('nope')).toBe('');
  });
});

describe('dates', () => {
  it('have one short and one long form', () => {
    expect(formatWeekday(3, us)).toBe('Wed');
    expect(formatWeekday(7, { ...us, long: true })).toBe('Sunday');
    expect(formatWeekday(0, us)).toBe('');
    expect(formatDay('2026-11-25', us)).toBe('Wed, Nov 25');
    expect(formatDay('2026-11-26T03:00:00Z', chicago)).toBe('Wed, Nov 25');
    expect(formatDate('2026-12-25', us)).toBe('Dec 25, 2026');
    expect(formatDate('2026-12-25T03:00:00Z', chicago)).toBe('Dec 24, 2026');
  });
  it('with a time: month, day and time, the same for a string and a Date', () => {
    const at = '2026-11-22T21:04:00.000Z';
    expect(formatDateTime(at, chicago)).toBe('Nov 22, 3:04 PM');
    expect(formatDateTime(new Date(at), chicago)).toBe('Nov 22, 3:04 PM');
    expect(formatTimestamp(at, chicago)).toBe('Nov 22, 2026, 3:04 PM');
  });
  it('are written as a given viewer would by default inside formatAsViewer (a server render, ADR 0176), and as before after it', () => {
    const at = '2026-11-22T21:04:00.000Z';
    const outside = formatDateTime(at);
    const berlin = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
    expect(
      formatAsViewer(berlin, () => [formatDateTime(at), formatTime(at), formatDistance(2.3), formatPrice(2.5), formatDateTime(at, chicago)]),
    ).toEqual(['22. Nov., 22:04', '22:04', '3,7 km', '2,50\u00a0$', 'Nov 22, 3:04 PM']);
    expect(formatDateTime(at)).toBe(outside);
    // Restored even when the render throws.
    expect(() => formatAsViewer(berlin, () => { throw new Error('render failed'); })).toThrow('render failed');
    expect(formatDateTime(at)).toBe(outside);
  });
  it('are empty for an unreadable value', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('prices and phones', () => {
  it('write dollars with cents', () => {
    expect(formatPrice(2.5, us)).toBe('$2.50');
    expect(formatPrice(1250, us)).toBe('$1,250.00');
  });
  it('never show the stored E.164 form', () => {
    expect(formatPhone('+15125550100')).toBe('512-555-0100');
  });
});

describe('ratings as said', () => {
  it('says the average to one decimal and how many customers gave it', () => {
    expect(describeRating({ average: 4.56, count: 31 })).toBe('Rated 4.6 out of 5 by 31 customers');
    expect(describeRating({ average: 5, count: 1 })).toBe('Rated 5.0 out of 5 by 1 customer');
    expect(describeRating(null)).toBe('New: no ratings yet');
  });

  it('follows other words in lower case', () => {
    expect(`Taco Libre is ${describeRating({ average: 4.2, count: 3 }, { inSentence: true })}.`).toBe(
      'Taco Libre is rated 4.2 out of 5 by 3 customers.',
    );
    expect(describeRating(undefined, { inSentence: true })).toBe('new: no ratings yet');
  });
});
