import { WEEKDAYS } from '@shared/constants';
import type { Occurrence } from '@shared/contracts/schedules';
import { formatClockRange } from '@shared/utils/format';


/** Monday … Sunday (ISO order), as the schedule contract names them. */
export const WEEKDAY_NAMES = WEEKDAYS;

/** The hours of a scheduled stop: 'Scheduled 11:00 AM–2:00 PM at 6th & Congress'. */
export const describeScheduledStop = (stop: Pick<Occurrence, 'startTime' | 'endTime' | 'address'>): string =>
  `Scheduled ${formatClockRange(stop.startTime, stop.endTime)} at ${stop.address}`;
