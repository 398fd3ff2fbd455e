import { DateTime } from 'luxon';

/** Zones far enough apart that in one of them it is now between 02:00 and 22:00. */
const ZONES = ['America/Chicago', 'Asia/Tokyo', 'Europe/London'];

/** A zone where it is now between 02:00 and 22:00: "today" and "tomorrow" there hold for two hours. */
export function zoneAwayFromMidnight(now = new Date()): string {
  return (
    ZONES.find((zone) => {
      const hour = DateTime.fromJSDate(now, { zone }).hour;
      return hour >= 2 && hour < 22;
    }) ?? 'America/Chicago'
  );
}

/**
 * A truck zone, and a weekly all-day stop on today's weekday there, that is under way now and for
 * the next two hours at least: tests that need "a stop under way" (the server reads its own clock)
 * set this zone on their truck and add this stop, with no race at midnight.
 */
export function stopUnderWayNow(place: { latitude: number; longitude: number; address: string }, now = new Date()) {
  const timeZone = zoneAwayFromMidnight(now);
  const today = DateTime.fromJSDate(now, { zone: timeZone });
  return {
    timeZone,
    stop: { kind: 'weekly', weekday: today.weekday, startTime: '00:00', endTime: '24:00', ...place },
    /** A weekly stop on another weekday (not under way today). */
    otherDay: { kind: 'weekly', weekday: (today.weekday % 7) + 1, startTime: '11:00', endTime: '14:00', ...place },
  };
}
