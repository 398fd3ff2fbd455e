import { z } from 'zod';
import { WEEKDAYS } from '../constants';
import { foodTruckSchema, latLngTogether, latitude, longitude, notNullIsland, positionQueryFields } from './trucks';
import { text } from './common';

/**
 * Truck schedules (issue 14): weekly recurring stops, one-off dated stops, and exceptions ("not
 * this date") of a weekly stop. Every local time and date is in the truck's IANA time zone.
 */

/** The zone of trucks whose operator chose none, unless DEFAULT_TIMEZONE says otherwise. */
export { WEEKDAYS };

export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** True for an IANA zone name this runtime knows ('America/Chicago'), false for anything else. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneName = text({ error: 'Time zone is required' })
  .trim()
  .refine(isTimeZone, 'Please choose a time zone such as America/Chicago');

export const weekdayNumber = z
  .number({ error: 'Weekday must be a number from 1 (Monday) to 7 (Sunday)' })
  .int('Weekday must be a number from 1 (Monday) to 7 (Sunday)')
  .min(1, 'Weekday must be a number from 1 (Monday) to 7 (Sunday)')
  .max(7, 'Weekday must be a number from 1 (Monday) to 7 (Sunday)');

const TIME_TEXT = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** A local wall-clock time 'HH:MM' (24-hour); '24:00' is the end of the day. */
export const localTime = (name: string) =>
  text({ error: `${name} is required` }).regex(TIME_TEXT, `${name} must be a time like 11:30 (00:00–24:00)`);

/** Minutes since local midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}
/** 'HH:MM' of minutes since local midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes in a local day; a stop lasts at most this long. */
export const DAY_MINUTES = 1440;

/**
 * When a stop ends, in minutes after midnight of the local day it starts (issue 27): an end time
 * later than the start is that day; an earlier one is the next day (Saturday 18:00–02:00 ends at
 * 1560, Sunday 02:00). '24:00' is the day's end (1440). Equal times are refused by the contract.
 */
export function endMinuteOf(startTime: string, endTime: string): number {
  const start = minutesOf(startTime);
  const end = minutesOf(endTime);
  return end > start ? end : end + DAY_MINUTES;
}

/** The wall-clock end of a stop ending `endMinute` after its start day's midnight: 1560 → '02:00', 1440 → '24:00'. */
export const endTimeOf = (endMinute: number): string =>
  timeOf(endMinute > DAY_MINUTES ? endMinute - DAY_MINUTES : endMinute);

/** The stop runs past midnight into the next local day (ends after 24:00). */
export const endsNextDay = (startTime: string, endTime: string): boolean =>
  endMinuteOf(startTime, endTime) > DAY_MINUTES;

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). */
export const localDate = (name = 'Date') =>
  text({ error: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-11-27`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, `${name} must be a real calendar date`);

export const STOP_KINDS = ['weekly', 'once'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

const place = {
  latitude,
  longitude,
  address: text({ error: 'Address is required' })
    .trim()
    .min(1, 'Address is required: diners see it as "at …"')
    .max(300),
};
const hours = {
  startTime: localTime('Start time').refine(
    (t) => minutesOf(t) < DAY_MINUTES,
    'Start time must be a time like 11:30 (00:00–23:59)',
  ),
  endTime: localTime('End time'),
};
/**
 * A stop lasts more than nothing and at most a day: an end before the start is the next day
 * (endMinuteOf), so only equal times are refused ('00:00'–'24:00' is the whole day).
 */
const endsAfterStart = {
  check: (s: { startTime: string; endTime: string }) => minutesOf(s.endTime) !== minutesOf(s.startTime),
  params: { message: 'The stop must end after it starts', path: ['endTime'] },
};

/**
 * A late-night stop ends the next morning (18:00–02:00), but one that would end the next day more
 * than OVERNIGHT_MAX_MINUTES after it starts is a slip, not a stop: "2:00 PM–11:00 AM" meant 11 AM
 * before 2 PM, or 11 PM. Refused with the reason rather than kept for 21 hours.
 */
export const OVERNIGHT_MAX_MINUTES = 12 * 60;
const overnightIsShort = {
  check: (s: { startTime: string; endTime: string }) =>
    // Equal times are endsAfterStart's to refuse.
    minutesOf(s.startTime) === minutesOf(s.endTime) ||
    !endsNextDay(s.startTime, s.endTime) ||
    endMinuteOf(s.startTime, s.endTime) - minutesOf(s.startTime) <= OVERNIGHT_MAX_MINUTES,
  params: {
    message: 'The end time is before the start, so the stop would end the next day: a stop past midnight can last at most 12 hours',
    path: ['endTime'],
  },
};

/** POST body of a stop: `weekday` for a weekly stop, `date` for a one-off. */
export const stopInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('weekly'), weekday: weekdayNumber, ...hours, ...place }),
      z.object({ kind: z.literal('once'), date: localDate(), ...hours, ...place }),
    ],
    { error: 'Kind must be weekly or once' },
  )
  .refine(endsAfterStart.check, endsAfterStart.params)
  .refine(overnightIsShort.check, overnightIsShort.params)
  .superRefine(notNullIsland);
export type StopInput = z.input<typeof stopInputSchema>;

/**
 * A stop as the API returns it. `startTime`/`endTime` are wall-clock times; an `endTime` not after
 * `startTime` is on the next day (a late-night stop, 'Sat 18:00–02:00').
 */
export const scheduleStopSchema = z.object({
  id: z.number().int(),
  foodTruckId: z.number().int(),
  kind: z.enum(STOP_KINDS),
  /** Weekly stops only. */
  weekday: z.number().int().nullable(),
  /** One-off stops only. */
  date: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
  /** Weekly stops: the dates it does not happen (ascending). */
  exceptions: z.array(z.string()),
});
export type ScheduleStop = z.infer<typeof scheduleStopSchema>;

export const timeZoneUpdateSchema = z.object({ timeZone: timeZoneName });
export const stopExceptionSchema = z.object({ date: localDate() });

/**
 * One expanded stop: a real start and end (ISO with offset), and the local wall-clock view.
 * `localDate` and `weekday` are the day it starts; a late-night stop's `end` is on the next day.
 */
export const occurrenceSchema = z.object({
  stopId: z.number().int(),
  kind: z.enum(STOP_KINDS),
  start: z.string(),
  end: z.string(),
  localDate: z.string(),
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

/** The operator's view of a truck's schedule. */
export const truckScheduleSchema = z.object({
  truckId: z.number().int(),
  timeZone: z.string(),
  stops: z.array(scheduleStopSchema),
  /**
   * The stop under way now by the server's clock, if any: the operator dashboard offers "Use this
   * stop's place" for it (POST …/stops/{stopId}/take-place checks it again).
   */
  underWay: occurrenceSchema.nullable(),
});
export type TruckSchedule = z.infer<typeof truckScheduleSchema>;

/** POST /api/food-trucks/:id/schedule/stops/:stopId/take-place: `open` also opens a closed truck there. */
export const takeStopPlaceSchema = z.object({
  open: z.boolean({ error: 'open must be true or false' }).optional(),
});
export type TakeStopPlaceInput = z.infer<typeof takeStopPlaceSchema>;

export const occurrencesSchema = z.object({
  truckId: z.number().int(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  occurrences: z.array(occurrenceSchema),
});
export type Occurrences = z.infer<typeof occurrencesSchema>;

/** The longest window GET …/schedule expands at once. */
export const MAX_SCHEDULE_WINDOW_DAYS = 62;

/** A moment in a query string: an ISO date-time with offset, or a date (midnight in the truck's zone). */
const moment = (name: string) =>
  z.union([z.iso.datetime({ offset: true }), localDate(name)], {
    error: `${name} must be a date (2026-11-27) or an ISO date-time with offset`,
  });

export const scheduleQuerySchema = z.object({
  from: moment('from').optional(),
  to: moment('to').optional(),
});

/** GET /api/food-trucks/upcoming-stops: per truck with stops, its next few occurrences (cards, popups). */
export const upcomingStopsSchema = z.array(
  z.object({
    truckId: z.number().int(),
    timeZone: z.string(),
    stops: z.array(occurrenceSchema),
    /**
     * An unclaimed listing's weekly hours (issue 26): its status line says when it is usually there
     * ('Usually here Mon–Wed 7:00 AM–7:00 PM'), never open now. Absent for operators' trucks.
     */
    usualHours: z.array(z.object({ weekday: z.number().int(), startTime: z.string(), endTime: z.string() })).optional(),
  }),
);
export type UpcomingStops = z.infer<typeof upcomingStopsSchema>;
/** How many occurrences per truck the upcoming-stops list carries (the current one and the next). */
export const UPCOMING_STOPS_PER_TRUCK = 2;

/** GET /api/food-trucks/scheduled: where trucks will be at `at`, with the list's position and radius. */
export const scheduledTrucksQuerySchema = z
  .object({
    at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time with offset' }),
    ...positionQueryFields,
  })
  .refine(...latLngTogether);

/** A truck placed at the stop it has at the asked time (latitude, longitude, address are the stop's). */
export const scheduledTruckSchema = foodTruckSchema.extend({ scheduledStop: occurrenceSchema });
export type ScheduledTruck = z.input<typeof scheduledTruckSchema>;
