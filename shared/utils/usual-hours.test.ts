import { describe, expect, it } from 'vitest';
import { usualHoursLine, usualHoursText } from './usual-hours';

const slot = (weekday: number, startTime: string, endTime: string) => ({ weekday, startTime, endTime });

describe('usualHoursLine', () => {
  it("groups consecutive days with the same hours, as SF's dayshours 'Mo-We:7AM-7PM/Th-Fr:8AM-3PM' reads", () => {
    const hours = [slot(4, '08:00', '15:00'), slot(1, '07:00', '19:00'), slot(2, '07:00', '19:00'), slot(3, '07:00', '19:00'), slot(5, '08:00', '15:00')];
    expect(usualHoursLine(hours)).toBe('Usually here Mon–Wed 7:00 AM–7:00 PM, Thu–Fri 8:00 AM–3:00 PM');
  });

  it('keeps apart days that are not consecutive or differ in hours', () => {
    expect(usualHoursText([slot(1, '10:00', '14:00'), slot(3, '10:00', '14:00'), slot(4, '10:00', '15:00')])).toBe(
      'Mon 10:00 AM–2:00 PM, Wed 10:00 AM–2:00 PM, Thu 10:00 AM–3:00 PM',
    );
  });

  it('says every day, late nights and two slots of one day in the one clock format', () => {
    expect(usualHoursLine([1, 2, 3, 4, 5, 6, 7].map((d) => slot(d, '06:00', '12:00')))).toBe('Usually here every day 6:00 AM–12:00 PM');
    expect(usualHoursText([slot(6, '18:00', '02:00')])).toBe('Sat 6:00 PM–2:00 AM');
    expect(usualHoursText([slot(2, '15:00', '19:00'), slot(2, '07:00', '11:00')])).toBe('Tue 7:00 AM–11:00 AM & 3:00 PM–7:00 PM');
  });

  it('says so when the source gives no hours', () => {
    expect(usualHoursLine([])).toBe('Usual hours not published');
  });
});
