import { describe, expect, it } from 'vitest';
import type { Occurrence } from '@shared/contracts/schedules';
import { describeUpcoming } from './schedule-label';

const stop = (start: string, end: string, extra: Partial<Occurrence> = {}): Occurrence => ({
  stopId: 1,
  kind: 'weekly',
  start,
  end,
  localDate: start.slice(0, 10),
  weekday: 2,
  startTime: '11:00',
  endTime: '14:00',
  latitude: 30,
  longitude: -97,
  address: '6th & Congress',
  ...extra,
});

describe('describeUpcoming', () => {
  const tuesday = stop('2027-01-05T11:00:00-06:00', '2027-01-05T14:00:00-06:00');
  const friday = stop('2027-01-08T09:00:00-06:00', '2027-01-08T10:00:00-06:00', {
    weekday: 5,
    startTime: '09:00',
    endTime: '10:00',
    address: 'Zilker Park',
  });

  it('says open until the end during a stop', () => {
    expect(describeUpcoming([tuesday, friday], new Date('2027-01-05T12:00:00-06:00'))).toBe(
      'Open now until 14:00',
    );
  });

  it('names the next stop before it, and the one after once it ended (by the viewer’s clock)', () => {
    expect(describeUpcoming([tuesday, friday], new Date('2027-01-05T08:00:00-06:00'))).toBe(
      'Next: Tue 11:00–14:00 at 6th & Congress',
    );
    expect(describeUpcoming([tuesday, friday], new Date('2027-01-05T14:00:00-06:00'))).toBe(
      'Next: Fri 09:00–10:00 at Zilker Park',
    );
  });

  it('says no upcoming stops without any, or once all have ended', () => {
    expect(describeUpcoming(undefined, new Date())).toBe('No upcoming stops');
    expect(describeUpcoming([tuesday], new Date('2027-02-01T00:00:00Z'))).toBe('No upcoming stops');
  });
});
