import { WEEKDAYS } from '@shared/constants';

/** Monday … Sunday (ISO order), as the schedule contract names them. */
export const WEEKDAY_NAMES = WEEKDAYS;
