import { WEEKDAYS, weekdayShort } from '@shared/constants';
import type { Occurrence } from '@shared/contracts/schedules';

/** Monday … Sunday (ISO order), as the schedule contract names them. */
export const WEEKDAY_NAMES = WEEKDAYS;


/**
 * What a card says about a truck's schedule at `now`, in the truck's local hours:
 * 'Open now until 14:00' during a stop, 'Next: Tue 11:00–14:00 at 6th & Congress' before one,
 * 'No upcoming stops' otherwise. `stops` are in start order (the server's upcoming list).
 */
export function describeUpcoming(stops: readonly Occurrence[] | undefined, now: Date): string {
  const t = now.getTime();
  for (const stop of stops ?? []) {
    if (Date.parse(stop.end) <= t) continue;
    if (Date.parse(stop.start) <= t) return `Open now until ${stop.endTime}`;
    return `Next: ${weekdayShort(stop.weekday)} ${stop.startTime}–${stop.endTime} at ${stop.address}`;
  }
  return 'No upcoming stops';
}

/** The hours of a scheduled stop: 'Scheduled 11:00–14:00 at 6th & Congress'. */
export const describeScheduledStop = (stop: Pick<Occurrence, 'startTime' | 'endTime' | 'address'>): string =>
  `Scheduled ${stop.startTime}–${stop.endTime} at ${stop.address}`;
