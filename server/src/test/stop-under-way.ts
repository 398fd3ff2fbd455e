import { DateTime } from 'luxon';

/**
 * A one-off stop under way at `now` whatever the hour the tests run: the truck's zone is a fixed
 * offset (`Etc/GMT…`) in which it is about noon now, and the stop runs from an hour before to an hour
 * after (local), so it lies within one local day. For API and browser tests of "a stop is under way".
 */
export function stopUnderWayNow(now: Date = new Date(), place = { latitude: 30.2686, longitude: -97.7425, address: '6th & Congress' }) {
  const hoursAhead = 12 - now.getUTCHours();
  // POSIX sign: Etc/GMT-5 is UTC+5.
  const timeZone = hoursAhead === 0 ? 'Etc/GMT' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${Math.abs(hoursAhead)}`;
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  const end = local.plus({ hours: 1 });
  return {
    timeZone,
    stop: {
      kind: 'once' as const,
      date: local.toISODate() ?? '',
      startTime: local.minus({ hours: 1 }).toFormat('HH:mm'),
      endTime: end.toFormat('HH:mm'),
      ...place,
    },
  };
}
