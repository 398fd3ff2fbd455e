import { WEEKDAYS } from '@shared/constants';
import type { Occurrence } from '@shared/contracts/schedules';

/** Monday … Sunday (ISO order), as the schedule contract names them. */
export const WEEKDAY_NAMES = WEEKDAYS;

/** The hours of a scheduled stop: 'Scheduled 11:00–14:00 at 6th & Congress'. */
export const describeScheduledStop = (stop: Pick<Occurrence, 'startTime' | 'endTime' | 'address'>): string =>
  `Scheduled ${stop.startTime}–${stop.endTime} at ${stop.address}`;
