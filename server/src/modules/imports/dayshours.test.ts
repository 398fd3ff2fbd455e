import { describe, expect, it } from 'vitest';
import { minuteOf, parseDaysHours, weekdayOf } from './dayshours';

describe('parseDaysHours', () => {
  it("reads SF's dayshours: ranges, lists and several parts", () => {
    expect(parseDaysHours('Mo-We:7AM-7PM/Th-Fr:8AM-3PM')).toEqual([
      { weekday: 1, startMinute: 420, endMinute: 1140 },
      { weekday: 2, startMinute: 420, endMinute: 1140 },
      { weekday: 3, startMinute: 420, endMinute: 1140 },
      { weekday: 4, startMinute: 480, endMinute: 900 },
      { weekday: 5, startMinute: 480, endMinute: 900 },
    ]);
    expect(parseDaysHours('Mo/We/Fr:10:30AM-2PM')?.map((h) => [h.weekday, h.startMinute, h.endMinute])).toEqual([
      [1, 630, 840], [3, 630, 840], [5, 630, 840],
    ]);
    expect(parseDaysHours('Sa-Mo:6PM-12AM')?.map((h) => [h.weekday, h.endMinute])).toEqual([[6, 1440], [7, 1440], [1, 1440]]);
  });

  it('gives up on text it cannot read rather than guess', () => {
    expect(parseDaysHours('')).toEqual([]);
    expect(parseDaysHours('Mo-We:7AM-7PM/sometimes')).toBeUndefined();
    expect(parseDaysHours('Xx:7AM-7PM')).toBeUndefined();
    expect(parseDaysHours('Mo:13PM-2PM')).toBeUndefined();
  });

  it('reads the schedule data set’s days and 24-hour times', () => {
    expect(weekdayOf('Monday')).toBe(1);
    expect(weekdayOf('Su')).toBe(7);
    expect(weekdayOf('Funday')).toBeUndefined();
    expect(minuteOf('19:00')).toBe(1140);
    expect(minuteOf('24:00')).toBe(1440);
    expect(minuteOf('12AM')).toBe(0);
    expect(minuteOf('12PM')).toBe(720);
  });
});
